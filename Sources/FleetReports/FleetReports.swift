// Placeholder: FleetReports is built in a later step.
