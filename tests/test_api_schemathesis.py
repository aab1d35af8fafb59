"""A bounded, seeded schemathesis run against the live server's own ``/api/openapi.json``: requests that fit the
schema and requests that do not, for every operation, over real HTTP with a real service token. Every answer
must be a status the OpenAPI documents for that operation, and none may be a server error.

Hypothesis is derandomized (the examples follow from the schema alone) and keeps no example database, so the run
is the same on every machine; the number of examples is fixed so that it stays well under a minute.
"""
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hypothesis_settings
from schemathesis import GenerationMode

from memory_app.api_auth import USER_HEADER, issue_token

EXAMPLES_PER_OPERATION_AND_MODE = 15
GENERATION = hypothesis_settings(max_examples=EXAMPLES_PER_OPERATION_AND_MODE, derandomize=True, database=None,
                                 deadline=None, phases=[Phase.explicit, Phase.generate],
                                 suppress_health_check=list(HealthCheck))


def _run_operation(operation, mode: GenerationMode, base_url: str, headers: dict, answers: list) -> None:
    documented = {str(status) for status in operation.definition.raw["responses"]}

    @GENERATION
    @given(case=operation.as_strategy(generation_mode=mode))
    def send(case):
        response = case.call(base_url=base_url, headers=headers, timeout=60)
        answers.append((operation.label, mode.value, response.status_code, str(response.status_code) in documented,
                        case.as_curl_command(headers=headers) if response.status_code >= 500 else ""))

    send()


@pytest.mark.django_db(transaction=True)
def test_every_generated_request_gets_a_documented_status_and_no_server_error(live_server):
    headers = {"Authorization": f"Bearer {issue_token('default', 'schemathesis')}", USER_HEADER: "fuzzed-user"}
    schema = schemathesis.openapi.from_url(f"{live_server.url}/api/openapi.json")
    answers: list[tuple] = []
    operations = [result.ok() for result in schema.get_all_operations()]
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            _run_operation(operation, mode, live_server.url, headers, answers)

    assert len(operations) >= 8
    server_errors = [answer for answer in answers if answer[2] >= 500]
    undocumented = sorted({answer[:3] for answer in answers if not answer[3]})
    assert not server_errors, server_errors[:5]
    assert not undocumented, undocumented
    # Both kinds of request really reached every operation.
    assert {(label, mode) for label, mode, *_ in answers} == {
        (operation.label, mode.value) for operation in operations
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)}
