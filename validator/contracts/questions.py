"""The four cross-component questions, asked of every wired boundary (DESIGN §6).

- Q1 ``contract.mock-drift`` (at the mock): a field the code under test reads is
  there with the mock and not with the real producer, or the other way round.
- Q2 ``contract.missing-field`` (at the read): the resolved producer does not
  write the field. A read under an existence check is not missing.
- Q3 ``contract.unconsumed-field`` (at the write): nobody reads a produced field;
  FAIL when the value stays inside a closed boundary, UNKNOWN when it escapes
  (execution output, an HTTP response, a value passed on).
- Q4 ``contract.naming-drift`` (at the read): the field read is missing but the
  same producer writes it under another spelling (``user_id``/``userId``) or at
  another depth (``Payload.passed`` vs ``Payload.details.passed``).

Every answer the graph cannot give is UNKNOWN; each row lists the files it
rests on so that the check can keep the rows the change set touched. The
boundary families answer them in their own modules: ``machine_boundaries``
(state machines), ``code_boundaries`` (calls, routes, code mocks) and
``aws_models`` (the AWS SDK); this module is where callers take them from.
"""

from __future__ import annotations

from .answer import Answer, Question, answer_row
from .code_boundaries import code_answers
from .machine_boundaries import machine_answers

__all__ = ["Answer", "Question", "answer_row", "code_answers", "machine_answers"]
