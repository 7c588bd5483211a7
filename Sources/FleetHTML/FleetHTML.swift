// Placeholder: FleetHTML is built in a later step.
