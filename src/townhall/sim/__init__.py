"""Many games at once: simulation, tournaments, benchmarks and their statistics."""
