"""Benchmarks: run side by side with peers; results in bench/README.md."""
