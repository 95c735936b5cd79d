/** Resolves in a task of its own (a message to self: no timer clamping), so the caller's next step runs there. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

// Imported by the entry right after react-dom: evaluation pauses here until a task of its own, so the ~30 ms
// of react-dom's evaluation and the app's modules are two tasks, not one (a phone's main thread is free for
// input in between; Lighthouse counts a long task's time over 50 ms as blocking).
await nextTask();
