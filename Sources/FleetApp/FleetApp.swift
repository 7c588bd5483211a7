// Placeholder: FleetApp is built in a later step.
