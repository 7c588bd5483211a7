// Tests for FleetPlan.
