"""The model extractor through the real ``openai`` client against the fake OpenAI-compatible server."""
import json
import logging

from memory_app.extraction import extract


def memory(**overrides):
    item = {"kind": "fact", "key": "health.allergy.芒果", "value": "芒果", "text": "用户对芒果过敏，吃了会起疹子。",
            "confidence": 0.92, "importance": 0.9, "sensitivity": "low", "entities": ["芒果"], "polarity": -1}
    item.update(overrides)
    return item


def answer(*items):
    return json.dumps({"memories": list(items)}, ensure_ascii=False)


def test_valid_output_becomes_candidates(llm_endpoint):
    llm_endpoint.json_replies.append(answer(memory()))
    result = extract("对了我对芒果过敏，吃了会起疹子")
    [candidate] = result.candidates
    assert (candidate.key, candidate.source, candidate.polarity) == ("health.allergy.芒果", "llm", -1)
    assert result.llm_error == ""
    path, body = llm_endpoint.requests[-1]
    assert path.endswith("/chat/completions")
    assert body["response_format"]["type"] == "json_schema"
    assert body["response_format"]["json_schema"]["name"] == "memory_extraction"
    schema = body["response_format"]["json_schema"]["schema"]
    assert schema["properties"]["memories"]["items"]["properties"]["kind"]["enum"] == ["preference", "fact", "episode", "procedure"]


def test_the_message_is_redacted_before_it_reaches_the_model(llm_endpoint):
    extract("我手机号是 13857162049，我对芒果过敏")
    sent = json.dumps(llm_endpoint.requests[-1][1], ensure_ascii=False)
    assert "13857162049" not in sent and "[phone]" in sent


def test_fenced_json_is_repaired(llm_endpoint):
    llm_endpoint.json_replies.append("Here you go:\n```json\n" + answer(memory()) + "\n```\nHope that helps!")
    assert [c.key for c in extract("我对芒果过敏").candidates] == ["health.allergy.芒果"]


def test_garbage_stores_nothing_and_logs_one_redacted_line(llm_endpoint, caplog):
    llm_endpoint.json_replies.append('{"memories": [{"kind": "fact", "key": "profile.phone", "value": "13857162049"')
    with caplog.at_level(logging.WARNING, logger="memory_app.extraction.llm"):
        result = extract("我对芒果过敏")
    assert result.candidates == [] and result.llm_error == ""
    lines = [record.getMessage() for record in caplog.records if record.name == "memory_app.extraction.llm"]
    assert len(lines) == 1 and "not valid JSON" in lines[0]
    assert "13857162049" not in lines[0]


def test_server_error_falls_back_to_the_rules(llm_endpoint):
    llm_endpoint.failures.append(500)
    result = extract("我对芒果过敏，吃了会起疹子")
    assert result.llm_error and "\n" not in result.llm_error
    assert [(c.key, c.source) for c in result.candidates] == [("health.allergy.mango", "rule")]


def test_bad_items_are_rejected_or_masked(llm_endpoint):
    llm_endpoint.json_replies.append(answer(
        memory(kind="opinion", key="food.mango"),
        memory(key="Food Mango"),
        memory(key="food.durian", confidence=0.3),
        memory(key="profile.phone", value="13857162049", text="用户的手机号是 13857162049。"),
        memory(key="shipping.contact", value="送货前打 13857162049", text="用户希望送货前打电话 13857162049。"),
        {"kind": "fact", "key": "food.half"},
    ))
    result = extract("我对芒果过敏")
    assert [c.key for c in result.candidates] == ["shipping.contact"]
    assert "13857162049" not in json.dumps(result.as_dict(), ensure_ascii=False)
    reasons = " | ".join(d["reason"] for d in result.dropped)
    for reason in ("kind", "key", "below", "sensitive", "malformed"):
        assert reason in reasons


def test_more_than_five_items_keeps_five(llm_endpoint):
    items = [memory(key=f"food.item{i}", confidence=0.7 + i * 0.02) for i in range(7)]
    llm_endpoint.json_replies.append(answer(*items))
    result = extract("我喜欢好多东西")
    assert len(result.candidates) == 5 and {c.key for c in result.candidates} == {f"food.item{i}" for i in range(2, 7)}


def test_filler_does_not_call_the_model(llm_endpoint):
    assert extract("嗯好的我再看看").low_information
    assert llm_endpoint.requests == []


def test_offline_default_uses_rules_without_error():
    result = extract("我对芒果过敏")
    assert result.llm_error == "" and [c.source for c in result.candidates] == ["rule"]


def test_forcing_the_model_when_none_is_configured_falls_back_with_a_reason():
    result = extract("我对芒果过敏", use_llm=True)
    assert result.llm_error and [c.source for c in result.candidates] == ["rule"]


def test_model_output_about_a_forgotten_thing_is_not_stored(llm_endpoint):
    llm_endpoint.json_replies.append(answer(memory(key="family.boyfriend", value="许晨", text="用户的男朋友叫许晨。", entities=["许晨"])))
    result = extract("我和许晨分手了。以后别再提他，关于他的事都别记了")
    assert result.forget_requests and result.candidates == []
