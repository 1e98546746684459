/** What a setup step still lacks, as the server says it (GET /compliance/v1/setup), one item each. */
export function MissingList({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="vitrine-missing">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
