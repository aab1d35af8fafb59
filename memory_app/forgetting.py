"""Forget intents from the conversation ("别再记我的地址了", "forget my phone number"): delete the
matching memories (all versions), snippets, summary lines and working-memory items, and say so.
What matches is the request's own business (``ForgetRequest.covers``); the deleting is ``actions``'."""
from . import actions, crypto
from .models import Memory
from .working_memory import replace_session_items, session_items


def apply_forget_request(*, tenant: str, user_id: str, request, actor: str, session_id: str = "",
                         turn_id: str = "") -> dict:
    if request.everything:
        counts = actions.forget_user(tenant, user_id, actor=actor)
        return {"scope": "everything", **counts}

    def mentions(text: str) -> bool:
        return request.covers(text=text or "")

    doomed = [memory for memory in Memory.objects.for_user(tenant, user_id).defer("embedding")
              if request.covers(key=memory.key, text=f"{crypto.reveal_text(memory)} {memory.key}",
                                value=crypto.reveal_value(memory), entities=memory.entities)]
    keys = sorted({memory.key for memory in doomed})
    deleted = actions.delete_memories(doomed, actor=actor, reason="user asked to forget", session_id=session_id,
                                      turn_id=turn_id)
    snippets = actions.erase_text_mentioning(tenant, user_id, mentions)
    if session_id:
        kept = [item for item in session_items(tenant, user_id, session_id) if not mentions(item["text"])]
        replace_session_items(tenant, user_id, session_id, kept)
    return {"scope": "matching", "keys": keys, "memories": deleted, "snippets": snippets}
