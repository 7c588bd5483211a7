// Placeholder: FleetBriefing is built in a later step.
