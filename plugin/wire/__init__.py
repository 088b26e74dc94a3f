"""The wire: a host engine in any language, run as a process, speaking JSON-RPC 2.0 over stdio.

The protocol is specified in docs/protocol.md. :mod:`~splitcards.wire.methods` lists its methods,
versions and error codes; :mod:`~splitcards.wire.forms` the JSON forms of the contract's types;
:mod:`~splitcards.wire.framing` its frames. :mod:`~splitcards.wire.client` is the client end (a
``command:`` host), :mod:`~splitcards.wire.server` the engine end for a host written in Python.
"""
