// Tests for FleetSchedule.
