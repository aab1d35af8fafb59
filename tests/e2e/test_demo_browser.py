"""End to end in a real headless Chromium (Debian's ``chromium``) against the demo served as `make run`
serves it: sign in with the account demo_setup printed, tell it an allergy, ask about a dish with that spice, see the
memory in the inspector and in the offline reply, delete it on "my memories"; a dropped websocket comes back.

The screenshot of the dish turn is written to test-artifacts/; with UPDATE_SCREENSHOTS=1 it also
replaces docs/screenshot-demo.png (the README's picture).
"""
import os
import re
import shutil
from pathlib import Path

import pytest

from .demo_server import PROJECT_DIR, DemoServer

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TURN_WAIT_MS = 90_000  # guards against a hung turn (the opening turn loads the embedder); not a timing assert
SCREENSHOT = PROJECT_DIR / "test-artifacts" / "screenshot-demo.png"
README_SCREENSHOT = PROJECT_DIR / "docs" / "screenshot-demo.png"


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    server = DemoServer(tmp_path_factory.mktemp("demo"))
    try:
        server.sign_in_help = server.prepare()
        server.start()
        yield server
    finally:
        server.close()
        print(server.log())  # shown by pytest only when a test failed


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.fail(f"The browser test needs Debian's Chromium at {CHROMIUM}: apt-get install -y chromium "
                    "(.ci/run installs it).", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield launched
        launched.close()


def signed_in_page(browser, demo, **context_options):
    """A fresh Chinese-language browser session, signed in with the credentials demo_setup printed."""
    from playwright.sync_api import expect

    username, password = re.search(r"sign in as “(.+?)” with password “(.+?)”", demo.sign_in_help).groups()
    context = browser.new_context(locale="zh-CN", **context_options)
    page = context.new_page()
    page.goto(f"{demo.base_url}/")
    expect(page).to_have_url(re.compile(r"/accounts/login/"))
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="登录").click()
    expect(page).to_have_url(f"{demo.base_url}/")
    expect(page.locator("#send-button")).to_be_enabled()  # the websocket is open
    return page


def send(page, text):
    """Type a message, press Enter, and wait until the turn is over (reply streamed, memory updated)."""
    from playwright.sync_api import expect

    page.fill("#message-input", text)
    page.press("#message-input", "Enter")
    expect(page.locator(".bubble-user").last).to_have_text(text)
    expect(page.locator("#send-button")).to_be_enabled(timeout=TURN_WAIT_MS)
    expect(page.locator("#outcome")).not_to_contain_text("正在从这一轮中学习", timeout=TURN_WAIT_MS)


def test_remember_recall_and_delete_an_allergy_in_the_browser(browser, demo):
    from playwright.sync_api import expect

    page = signed_in_page(browser, demo, viewport={"width": 1360, "height": 1020})
    expect(page.locator(".model-badge")).to_have_text("离线应答")

    send(page, "我对花椒过敏，一吃嘴就肿")
    expect(page.locator("#outcome")).to_contain_text("花椒")  # learned after the reply
    expect(page).to_have_url(re.compile(r"/c/\d+/$"))  # the new conversation has its own address

    send(page, "今晚做麻婆豆腐，有什么要注意的？")
    gate = page.get_by_test_id("gate")
    expect(gate).to_contain_text("已注入")
    expect(gate).to_contain_text(re.compile(r"最高相关度 \d\.\d\d ≥ \d\.\d\d"))
    expect(page.get_by_test_id("memories-used")).to_contain_text("花椒")
    expect(page.locator(".parts").first).to_contain_text("相似度")  # score parts are shown
    reply = page.locator(".bubble-assistant").last
    expect(reply).to_contain_text("离线模式")
    expect(reply).to_contain_text("花椒")
    SCREENSHOT.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOT))
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        shutil.copyfile(SCREENSHOT, README_SCREENSHOT)

    page.get_by_role("link", name="我的记忆").click()
    row = page.locator("tr", has_text="花椒")
    expect(row).to_have_count(1)
    page.once("dialog", lambda dialog: dialog.accept())
    row.get_by_role("button", name="删除").click()
    expect(page.locator(".flash")).to_contain_text("已删除")
    expect(page.locator("main")).not_to_contain_text("花椒")
    page.context.close()


def test_a_forget_request_that_finds_nothing_is_shown_as_standing(browser, demo):
    from playwright.sync_api import expect

    page = signed_in_page(browser, demo)
    send(page, "房东说三月要把房子卖掉，让我们搬走，新地方还没着落")
    send(page, "最近在练半程马拉松，一周跑四个早上")
    send(page, "别再记着我那些烦心事了")
    outcome = page.locator("#outcome")
    expect(outcome).to_contain_text("已遗忘")
    expect(outcome).to_contain_text("这个请求会一直有效")
    page.context.close()


def test_a_dropped_websocket_reconnects_and_the_chat_goes_on(browser, demo):
    from playwright.sync_api import expect

    page = signed_in_page(browser, demo)
    demo.stop()
    banner = page.locator("#connection-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("连接已断开")
    expect(page.locator("#send-button")).to_be_disabled()
    demo.start()
    expect(banner).to_be_hidden(timeout=TURN_WAIT_MS)
    send(page, "你好")
    expect(page.locator(".bubble-assistant").last).to_contain_text("离线模式")
    page.context.close()


def test_an_empty_message_gets_a_reason_on_a_phone_sized_screen(browser, demo):
    from playwright.sync_api import expect

    page = signed_in_page(browser, demo, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    chat, inspector = page.locator(".chat-column").bounding_box(), page.locator("#inspector").bounding_box()
    assert inspector["y"] >= chat["y"] + chat["height"], "the inspector should sit below the chat on a phone"
    assert chat["width"] <= 390
    page.press("#message-input", "Enter")
    expect(page.locator("#composer-error")).to_have_text("消息是空的，请先输入内容。")
    page.context.close()
