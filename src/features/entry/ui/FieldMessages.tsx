/** Several messages for one field (all broken password rules), one per line. */
export function FieldMessages({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return messages.map((message) => (
    <span key={message} style={{ display: 'block' }}>
      {message}
    </span>
  ));
}
