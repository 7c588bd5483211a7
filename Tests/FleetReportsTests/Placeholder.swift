// Tests for FleetReports.
