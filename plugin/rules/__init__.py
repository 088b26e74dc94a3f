"""The rules: pure decisions of the split-card rules, each citing its rule numbers and version."""
