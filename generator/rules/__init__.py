"""Rule stage: scores, standings and arbiter checks; pure functions, no files, no HTML."""
