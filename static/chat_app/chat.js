/* The chat page: one websocket to /ws/chat/, a streamed reply per message, errors shown where they happened,
   and a connection that comes back by itself. Protocol: see chat_app/consumers.py. */
(function () {
  "use strict";

  const {strings, format, el, renderContext, renderOutcome} = window.ChatmemInspector;
  const config = JSON.parse(document.getElementById("chat-config").textContent);
  const CLOSE_UNAUTHENTICATED = 4401;
  const MAX_RECONNECT_DELAY_SECONDS = 15;

  const messages = document.getElementById("messages");
  const composer = document.getElementById("composer");
  const input = document.getElementById("message-input");
  const sendButton = document.getElementById("send-button");
  const charCount = document.getElementById("char-count");
  const composerError = document.getElementById("composer-error");
  const banner = document.getElementById("connection-banner");
  const serviceBanner = document.getElementById("service-banner");
  const inspectorBody = document.getElementById("inspector-body");
  const inspectorEmpty = document.getElementById("inspector-empty");

  let socket = null;
  let reconnectDelay = 1;
  let reconnectTimer = null;
  let conversationId = config.conversationId;
  // The turn in flight: the text sent (given back to the composer if it is refused or the line drops),
  // the optimistic user bubble and the assistant bubble being streamed into.
  let turn = null;
  // The message whose turn a dropped connection cut off: sent again as it was, it keeps its id (one turn, not two).
  let interrupted = null;

  function scrollToEnd() {
    messages.scrollTop = messages.scrollHeight;
  }

  function addBubble(role, text) {
    document.getElementById("empty-chat")?.remove();
    const bubble = el("div", {class: `bubble bubble-${role}`}, text);
    messages.append(bubble);
    scrollToEnd();
    return bubble;
  }

  function updateComposer() {
    const length = input.value.trim().length;
    const tooLong = length > config.maxChars;
    charCount.textContent = tooLong ? format(strings.tooLong, {length, limit: config.maxChars}) : `${length} / ${config.maxChars}`;
    charCount.classList.toggle("over", tooLong);
    sendButton.disabled = !(socket && socket.readyState === WebSocket.OPEN) || turn !== null;
  }

  function showComposerError(message) {
    composerError.textContent = message;
    composerError.hidden = !message;
  }

  function newClientId() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  }

  function send() {
    if (turn || !socket || socket.readyState !== WebSocket.OPEN) return;
    const text = input.value;
    const clientId = interrupted && interrupted.text === text ? interrupted.clientId : newClientId();
    interrupted = null;
    showComposerError("");
    turn = {text, clientId, userBubble: addBubble("user", text.trim()), replyBubble: null};
    turn.userBubble.classList.add("pending");
    input.value = "";
    updateComposer();
    socket.send(JSON.stringify({type: "chat.message", conversation_id: conversationId, text, client_id: clientId}));
  }

  function giveBackText() {
    if (turn && !input.value) input.value = turn.text;
    updateComposer();
  }

  function rememberConversation(conversation) {
    if (conversationId === conversation.id) return;
    conversationId = conversation.id;
    history.replaceState(null, "", conversation.url);
    document.getElementById("no-conversations")?.remove();
    const list = document.getElementById("conversation-list");
    list.prepend(el("li", {}, el("a", {href: conversation.url, "aria-current": "page"}, conversation.title)));
    const count = document.getElementById("conversation-count");
    count.textContent = String(list.querySelectorAll("a").length);
  }

  const handlers = {
    "turn.started"(event) {
      rememberConversation(event.conversation);
      turn.userBubble.classList.remove("pending");
      inspectorEmpty.hidden = true;
      inspectorBody.hidden = false;
      renderContext(inspectorBody, event.context, turn.text.trim());
      turn.replyBubble = addBubble("assistant", "");
      turn.replyBubble.classList.add("streaming");
      turn.replyBubble.dataset.placeholder = strings.sending;
    },
    token(event) {
      turn.replyBubble.append(document.createTextNode(event.text));
      scrollToEnd();
    },
    error(event) {
      if (turn && turn.replyBubble) {  // the model failed mid-turn: say so in the chat; the turn still finishes
        addBubble("error", event.message);
        return;
      }
      // Refused before anything happened (empty, too long, unknown conversation): the text goes back.
      turn?.userBubble.remove();
      giveBackText();
      turn = null;
      showComposerError(event.message);
      updateComposer();
    },
    status(event) {  // the shared cache went away (the banner stays until it is back); the chat goes on
      serviceBanner.textContent = event.message;
      serviceBanner.hidden = event.ok;
    },
    "turn.finished"(event) {
      const bubble = turn.replyBubble;
      bubble.classList.remove("streaming");
      if (!event.reply) bubble.remove();
      renderOutcome(inspectorBody, event.outcome);
      turn = null;
      updateComposer();
      input.focus();
    },
  };

  function connect() {
    clearTimeout(reconnectTimer);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}${config.socketPath}`);
    socket.addEventListener("open", () => {
      reconnectDelay = 1;
      banner.hidden = true;
      updateComposer();
    });
    socket.addEventListener("message", (message) => {
      const event = JSON.parse(message.data);
      handlers[event.type]?.(event);
    });
    socket.addEventListener("close", (closed) => {
      if (closed.code === CLOSE_UNAUTHENTICATED) {
        location.href = `${config.loginUrl}?next=${encodeURIComponent(location.pathname)}`;
        return;
      }
      if (turn) {  // the reply was cut off: keep what arrived, say so, and offer the text again
        interrupted = {text: turn.text, clientId: turn.clientId};
        turn.replyBubble?.classList.remove("streaming");
        addBubble("error", strings.interrupted);
        turn.userBubble.classList.remove("pending");
        giveBackText();
        turn = null;
      }
      scheduleReconnect();
    });
  }

  function scheduleReconnect() {
    let seconds = reconnectDelay;
    reconnectDelay = Math.min(reconnectDelay * 2, MAX_RECONNECT_DELAY_SECONDS);
    banner.hidden = false;
    updateComposer();
    const tick = () => {
      if (seconds <= 0) {
        banner.textContent = strings.reconnecting;
        connect();
        return;
      }
      banner.textContent = format(strings.reconnectingIn, {seconds});
      seconds -= 1;
      reconnectTimer = setTimeout(tick, 1000);
    };
    tick();
  }

  composer.addEventListener("submit", (event) => {
    event.preventDefault();
    send();
  });
  input.addEventListener("keydown", (event) => {
    // Enter sends; Shift+Enter is a new line; Enter that confirms a Chinese IME candidate is not a send.
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      send();
    }
  });
  input.addEventListener("input", () => {
    showComposerError("");
    updateComposer();
  });
  window.addEventListener("online", () => {
    if (!socket || socket.readyState === WebSocket.CLOSED) connect();
  });

  connect();
  scrollToEnd();
  input.focus();
})();
