// Tests for FleetStore.
