// Placeholder: FleetAuth is built in a later step.
