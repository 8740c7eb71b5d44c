import { ClientRegistry, type LiveSocket } from './client-registry.js';

class FakeSocket implements LiveSocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: string[] = [];
  pings = 0;
  terminated = false;
  closedWith?: [number, string];

  send(data: Buffer): void {
    this.sent.push(data.toString());
  }
  ping(): void {
    this.pings++;
  }
  close(code: number, reason: string): void {
    this.closedWith = [code, reason];
    this.readyState = 2;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
}

describe(ClientRegistry.name, () => {
  const message = Buffer.from('{"type":"vote_update","siteId":1,"upvotes":2,"downvotes":0}');

  it('sends one message to every open client', () => {
    const sut = new ClientRegistry(1024);
    const [a, b, closing] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    sut.add(a, 'a');
    sut.add(b, 'b');
    sut.add(closing, 'c');
    closing.readyState = 2;
    expect(sut.broadcast(message)).toEqual({ sent: 2, droppedSlow: 0 });
    expect(a.sent).toEqual([message.toString()]);
    expect(b.sent).toEqual([message.toString()]);
    expect(closing.sent).toEqual([]);
  });

  it('cuts off a client whose backlog would pass the bound, and still serves the others', () => {
    const sut = new ClientRegistry(1024);
    const [slow, fine] = [new FakeSocket(), new FakeSocket()];
    sut.add(slow, 'slow');
    sut.add(fine, 'fine');
    slow.bufferedAmount = 1024 - message.length + 1;
    expect(sut.broadcast(message)).toEqual({ sent: 1, droppedSlow: 1 });
    expect(slow.terminated).toBe(true);
    expect(slow.sent).toEqual([]);
    expect(fine.sent).toHaveLength(1);
    expect(sut.size).toBe(1);
    // Exactly at the bound is still fine.
    fine.bufferedAmount = 1024 - message.length;
    expect(sut.broadcast(message)).toEqual({ sent: 1, droppedSlow: 0 });
  });

  it('pings live clients and drops the ones that missed the previous ping', () => {
    const sut = new ClientRegistry(1024);
    const [answers, silent] = [new FakeSocket(), new FakeSocket()];
    const answering = sut.add(answers, 'answers');
    sut.add(silent, 'silent');
    expect(sut.sweep()).toEqual({ pinged: 2, droppedDead: 0 });
    answering.alive = true; // its pong came back
    expect(sut.sweep()).toEqual({ pinged: 1, droppedDead: 1 });
    expect(silent.terminated).toBe(true);
    expect(answers.terminated).toBe(false);
    expect(answers.pings).toBe(2);
    expect(sut.size).toBe(1);
  });

  it('sweeps one slice at a time, so that each client is visited once per round', () => {
    const sut = new ClientRegistry(1024, 2);
    const sockets = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    sockets.forEach((socket, i) => sut.add(socket, `u${i}`)); // slices 0, 1, 0
    expect(sut.sweep(0)).toEqual({ pinged: 2, droppedDead: 0 });
    expect(sockets.map((s) => s.pings)).toEqual([1, 0, 1]);
    expect(sut.sweep(1)).toEqual({ pinged: 1, droppedDead: 0 });
    // Nobody answered: the next round drops slice 0 first, slice 1 on its own turn.
    expect(sut.sweep(0)).toEqual({ pinged: 0, droppedDead: 2 });
    expect(sockets[1]!.terminated).toBe(false);
    expect(sut.sweep(1)).toEqual({ pinged: 0, droppedDead: 1 });
  });

  it('closes everyone with 1012, then terminates what is left', () => {
    const sut = new ClientRegistry(1024);
    const [a, b] = [new FakeSocket(), new FakeSocket()];
    sut.add(a, 'a');
    sut.add(b, 'b');
    sut.closeAll();
    expect(a.closedWith).toEqual([1012, 'Service restart']);
    expect(b.closedWith).toEqual([1012, 'Service restart']);
    sut.terminateAll();
    expect(a.terminated && b.terminated).toBe(true);
    expect(sut.size).toBe(0);
  });
});
