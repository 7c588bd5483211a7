// Tests for FleetHTML.
