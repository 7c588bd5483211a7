// Tests for FleetAuth.
