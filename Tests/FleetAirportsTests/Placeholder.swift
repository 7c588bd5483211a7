// Tests for FleetAirports.
