// Tests for FleetBriefing.
