"""The study's analyses (RQ1-RQ3): each runs its sweep (resumable) and writes CSV tables and PNG figures."""
