"""The bottom layer: what every other package shares and nothing of ec2bench's own.

`errors` (the exceptions a caller catches, with their exit codes), `textmatch` (normalisation and
occurrence, the one definition of "this text shows that value"), `safe_regex` (RE2 for patterns from
agents and task files), `safetext` (scrubbing and JSONL lines), `yamlio`, `trace` (an episode's event
list), `cancel` (cancellation scopes), `limits` (what one model reply may hold) and `version`.
"""
