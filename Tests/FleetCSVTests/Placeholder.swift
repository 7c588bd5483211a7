// Tests for FleetCSV.
