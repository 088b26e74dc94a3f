"""The rules as a service: an engine in any language asks, splitcards answers with the rules it cites.

``splitcards serve`` answers stateless questions (docs/service.md): each question's params carry
the whole position it is about (the card, where it is, how it was cast, the timing, the caster),
:mod:`splitcards.service.position` sets that position up on an in-memory game, and the
:class:`~splitcards.game.table.Table` answers it there, exactly as it answers in process.

* :mod:`~splitcards.service.params`: the questions' params, read strictly;
* :mod:`~splitcards.service.answers`: the forms of the answers;
* :mod:`~splitcards.service.questions`: each question answered by the Table;
* :mod:`~splitcards.service.methods`: the method table, the version and the error codes, from
  which the server, the schema and the OpenAPI document are all made;
* :mod:`~splitcards.service.server`: decision ids, batches, the decision log, and stdio;
* :mod:`~splitcards.service.http`: the same methods over HTTP (``splitcards[http]``);
* :mod:`~splitcards.service.dump`: the static table of answers (``splitcards dump``).
"""
