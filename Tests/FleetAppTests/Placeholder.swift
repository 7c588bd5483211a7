// Tests for FleetApp.
