"""What people run: the command line, the conformance runner, the schemas, the pytest kit and AI play."""
