// Tests for FleetWeatherKit.
