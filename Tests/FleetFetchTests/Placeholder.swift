// Tests for FleetFetch.
