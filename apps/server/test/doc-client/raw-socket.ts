/**
 * Socket.IO's wire below any client library (Engine.IO v4 over WebSocket, as PROTOCOL.md §3
 * names it): open `/socket.io/?EIO=4&transport=websocket`, read the Engine.IO `0{…}` open packet,
 * send a Socket.IO `CONNECT` packet exactly as given (`40`, `40null`, `40{…}`), and report what
 * came back before the connection closed or `waitMs` passed.
 */
export interface RawConnect {
  /** Socket.IO packets received after the Engine.IO open packet (`40{…}`, `44{…}`, `42[…]`). */
  packets: string[];
  /** The server closed the connection. */
  closed: boolean;
}

export function rawConnect(base: string, connectPacket: string, waitMs = 1500): Promise<RawConnect> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
  const packets: string[] = [];
  return new Promise((resolve) => {
    const done = (closed: boolean) => {
      clearTimeout(timer);
      if (!closed) ws.close();
      resolve({ packets, closed });
    };
    const timer = setTimeout(() => done(false), waitMs);
    ws.addEventListener('message', (e) => {
      const text = String(e.data);
      if (text.startsWith('0{')) return ws.send(connectPacket);
      if (text === '2') return ws.send('3'); // Engine.IO ping
      packets.push(text);
      // an answer to the CONNECT: the socket connected (its snapshot follows) or was refused
      if (text.startsWith('44') || packets.some((p) => p.startsWith('42["snapshot"'))) done(false);
    });
    ws.addEventListener('close', () => done(true));
    ws.addEventListener('error', () => undefined);
  });
}
