/** Under an auth form: "No account? Join now" and the like, a button to the other form. */
export function SwitchPrompt({ question, action, onClick }: { question: string; action: string; onClick: () => void }) {
  return (
    <p className="text-center text-sm text-muted">
      {question}{' '}
      <button type="button" className="min-h-11 px-1 font-semibold text-primary underline-offset-4 hover:underline" onClick={onClick}>
        {action}
      </button>
    </p>
  );
}
