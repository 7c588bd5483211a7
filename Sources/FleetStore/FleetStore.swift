// Placeholder: FleetStore is built in a later step.
