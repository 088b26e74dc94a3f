"""The conformance runner: scenario files of format 1, run against any host adapter."""
