"""Built-in check kinds grouped by family, one module each, registered with `register_check` on import.

`ec2bench.grading.checks` holds the general kinds (records, files, answer, tool log) and imports this
package, so every kind here is known wherever a task loads. A kind belongs here when tasks graded the
same thing with copies of one `checks.py` function; a one-off stays in its task's `checks.py`.

* `tables`: `table_keys` (a CSV column holds exactly the expected keys);
* `scheduler`: `job_schedule` (a job runs on a cron schedule, however spelled), `jobs_paused`,
  `scheduled_runs` (the clock moves on from the task's now: which jobs run when);
* `todo`: `todos_exist` (follow-up to-dos by mention, assignee and due date);
* `feeds`: `articles_read` (the articles used are marked read, and no blanket marking);
* `posts`: `secrets_not_posted`, `table_values_not_posted` (what the user wrote leaks nothing);
* `code`: `hidden_tests` (the task's hidden tests pass on the end-state code), `file_diff` (what a change
  added and removed against the shipped file).
* `skills`: `skill_output` (the agent's skill, run on hidden inputs, produces what it should).
"""

from ec2bench.grading.kinds import code, feeds, posts, scheduler, skills, tables, todo

__all__ = ["code", "feeds", "posts", "scheduler", "skills", "tables", "todo"]
