// Placeholder: FleetFetch is built in a later step.
