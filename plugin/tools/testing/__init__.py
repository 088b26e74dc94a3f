"""Tests for host adapter authors, shipped with splitcards and run by pytest.

The pytest plugin (:mod:`splitcards.tools.testing.plugin`, entry point ``pytest11``) does nothing until
``--splitcards-host NAME`` names a registered host adapter. Then::

    pytest --splitcards-host NAME                              # the bundled conformance suite
    pytest --splitcards-host NAME my-scenarios/ edge.yaml      # your own scenario files
    pytest --splitcards-host NAME --pyargs splitcards.tools.testing  # the host contract tests

Each scenario runs once per rule version it names (``--splitcards-rules VERSION``, repeatable,
keeps some): the test ``edge.yaml::fuse-cost[classic-2013]``. A run the host declares it cannot
express is skipped with the host's reason; one it refuses without a declaration fails, saying what
to declare (``--splitcards-allow-undeclared`` makes it a skip). The contract tests are the class
:class:`splitcards.tools.testing.contract.HostContract`; a test suite can also subclass it and give the
fixture ``splitcards_host`` itself.

The package imports nothing itself: pytest loads the plugin in every run.
"""
