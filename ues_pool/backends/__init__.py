"""UES backends: where a pooled simulator instance runs."""
