"""End-to-end tests and page benchmarks against the built site (dist/)."""
