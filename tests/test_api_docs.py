"""The API documents itself: /api/docs (Swagger UI, assets served locally) and /api/openapi.json."""
import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_openapi_schema_lists_every_endpoint_and_both_auths():
    schema = Client().get("/api/openapi.json").json()
    assert set(schema["paths"]) == {"/api/context", "/api/turns", "/api/memories", "/api/memories/{memory_id}",
                                    "/api/export", "/api/forget-me"}
    assert set(schema["paths"]["/api/memories/{memory_id}"]) == {"get", "patch", "delete"}
    assert {"ServiceTokenAuth", "SessionAuth"} <= set(schema["components"]["securitySchemes"])


def test_docs_page_loads_with_local_assets():
    response = Client().get("/api/docs")
    assert response.status_code == 200
    page = response.content.decode()
    assert "swagger-ui" in page and "/api/openapi.json" in page
    assert "cdn.jsdelivr.net" not in page  # no network at run time: the assets come from our static files
