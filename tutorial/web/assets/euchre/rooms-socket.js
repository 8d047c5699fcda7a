// The WebSocket to the room server, shared by the room and class widgets: where the server
// is (the widget's configured address, else the page's own), whether it answers, and a
// connection that comes back after a drop (backoff up to 15 s) until it is stopped. It
// sends and receives JSON only; what the messages mean is each widget's business.

const MAX_BACKOFF_MS = 15000;

/** The server's address: the fence's `server`, else this page's own origin. */
export function serverBase(config) {
  return (config.server || window.location.origin).replace(/\/+$/, "");
}

/** Is there a room server at `base`? "server" when its /rooms/health says ok; "none" when
 * the address answers without one (a static copy at its host's root serves the site's own
 * rooms/health file, {"ok": false}, so no request fails); "unreachable" on a network error
 * (the learner is offline, not without a server). */
export async function findServer(base) {
  try {
    const answer = await fetch(`${base}/rooms/health`, { cache: "no-store" });
    return answer.ok && (await answer.json())?.ok === true ? "server" : "none";
  } catch (error) {
    return error instanceof TypeError ? "unreachable" : "none";
  }
}

/** Whether a room server answers at `base` (its /rooms/health). */
export async function serverAnswers(base) {
  return (await findServer(base)) === "server";
}

/** A connection to the server at `base`: `onOpen()` each time it opens, `onMessage(m)` for
 * each message, `onDrop(attempts)` each time it drops (it then reconnects, unless stopped). */
export function keepConnected(base, { onOpen, onMessage, onDrop }) {
  const url = `${base.replace(/^http/, "ws")}/rooms/ws`;
  let socket = null;
  let attempts = 0;
  let stopped = false;
  function connect() {
    socket = new WebSocket(url);
    socket.addEventListener("open", () => {
      attempts = 0;
      onOpen();
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      onMessage(message);
    });
    socket.addEventListener("close", () => {
      socket = null;
      if (stopped) return;
      attempts += 1;
      onDrop(attempts);
      window.setTimeout(connect, Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(attempts, 5)));
    });
  }
  connect();
  return {
    /** Send one message; false when not connected (nothing is sent). */
    send(message) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    /** Stop for good: close, and never reconnect. */
    stop() {
      stopped = true;
      socket?.close();
    },
  };
}
