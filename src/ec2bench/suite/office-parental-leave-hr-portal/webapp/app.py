"""Northpeak's employee self-service portal: profile, leave policy, leave requests and their cancellation."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from ec2bench.env.browser.sitekit import esc, form, next_id, not_found, page, redirect

NAV = ('<p><a href="/">Home</a> · <a href="/profile">My profile</a> · <a href="/leave">My leave</a> · '
       '<a href="/policy">Leave policy</a> · <a href="/leave/new">New leave request</a></p>')
LEAVE_TYPES = {"annual": "Annual leave", "sick": "Sick leave", "parental": "Parental leave", "unpaid": "Unpaid leave"}
PAY_WEEKS = {"A": 16, "B": 26}


def make_app(state: dict[str, list[dict[str, Any]]]):
    me, requests = state["employees"][0], state["leave_requests"]

    def home(respond):
        return page(respond, "Northpeak People", f"<h1>Northpeak People</h1>{NAV}<p>Welcome, {esc(me['name'])}.</p>")

    def profile(respond):
        rows = "".join(f"<tr><th>{esc(k.replace('_', ' ').capitalize())}</th><td>{esc(v)}</td></tr>" for k, v in me.items() if k != "id")
        return page(respond, "My profile", f"<h1>My profile</h1>{NAV}<table>{rows}</table>")

    def policy(respond):
        items = "".join(f"<li>{esc(p['text'])}</li>" for p in state["policy"])
        return page(respond, "Leave policy", f"<h1>Parental leave policy</h1>{NAV}<ol>{items}</ol>")

    def leave_list(respond):
        rows = ""
        for r in requests:
            action = (f'<form method=post action="/leave/{esc(r["id"])}/cancel"><button type=submit>Cancel {esc(r["id"])}</button></form>'
                      if r["status"] in ("approved", "submitted") else "")
            rows += (f"<tr><td>{esc(r['id'])}</td><td>{esc(LEAVE_TYPES.get(r['type'], r['type']))}</td><td>{esc(r['first_day'])}</td>"
                     f"<td>{esc(r['last_day'])}</td><td>{esc(r['status'])}</td><td>{action}</td></tr>")
        return page(respond, "My leave", f"<h1>My leave</h1>{NAV}<table><tr><th>Request</th><th>Type</th><th>First day</th>"
                    f"<th>Last day</th><th>Status</th><th></th></tr>{rows}</table>")

    def new_form(respond, error=""):
        types = "".join(f'<option value="{k}">{esc(v)}</option>' for k, v in LEAVE_TYPES.items())
        people = "".join(f"<option>{esc(c['name'])}</option>" for c in state["colleagues"])
        body = (f"<h1>New leave request</h1>{NAV}" + (f"<p><strong>{esc(error)}</strong></p>" if error else "") +
                "<form method=post action=/leave/new>"
                '<label for=en>Employee number</label><input id=en name=employee_number required>'
                f'<label for=lt>Leave type</label><select id=lt name=type><option value="">Choose…</option>{types}</select>'
                '<label for=fd>First day (YYYY-MM-DD)</label><input id=fd name=first_day required>'
                '<label for=ld>Last day (YYYY-MM-DD; left empty for parental leave, which the portal works out)</label>'
                '<input id=ld name=last_day>'
                '<label><input type=radio name=pay_option value=A> Parental pay option A: 16 weeks at full pay</label>'
                '<label><input type=radio name=pay_option value=B> Parental pay option B: 16 weeks at full pay, '
                'then 10 weeks at half pay</label>'
                f'<label for=ho>Hand-over colleague</label><select id=ho name=handover><option value="">Nobody</option>{people}</select>'
                '<label for=ce>Medical certificate reference</label><input id=ce name=certificate>'
                '<label><input type=checkbox name=manager_informed value=yes> I have told my manager about this leave</label>'
                '<label for=no>Notes for HR</label><textarea id=no name=notes></textarea>'
                "<button type=submit>Submit request</button></form>")
        return page(respond, "New leave request", body)

    def submit(respond, environ):
        data = {k: v[-1].strip() for k, v in form(environ).items()}
        kind = data.get("type", "")
        if data.get("employee_number") != me["employee_number"]:
            return new_form(respond, "The employee number is not yours; it is on your profile page.")
        if kind not in LEAVE_TYPES:
            return new_form(respond, "Choose a leave type.")
        try:
            first = date.fromisoformat(data.get("first_day", ""))
        except ValueError:
            return new_form(respond, "Give the first day as YYYY-MM-DD.")
        if kind == "parental":
            if data.get("pay_option") not in PAY_WEEKS:
                return new_form(respond, "Parental leave needs a pay option (A or B).")
            last = first + timedelta(weeks=PAY_WEEKS[data["pay_option"]]) - timedelta(days=1)
        else:
            try:
                last = date.fromisoformat(data.get("last_day", ""))
            except ValueError:
                return new_form(respond, "Give the last day as YYYY-MM-DD.")
        request = {"id": next_id(requests, "LR"), "type": kind, "first_day": first.isoformat(), "last_day": last.isoformat(),
                   "pay_option": data.get("pay_option", "") if kind == "parental" else "", "handover": data.get("handover", ""),
                   "certificate": data.get("certificate", ""), "manager_informed": data.get("manager_informed") == "yes",
                   "notes": data.get("notes", ""), "status": "submitted"}
        requests.append(request)
        return redirect(respond, f"/leave/{request['id']}")

    def show(respond, request_id):
        r = next((r for r in requests if r["id"] == request_id), None)
        if r is None:
            return not_found(respond)
        rows = "".join(f"<tr><th>{esc(k.replace('_', ' ').capitalize())}</th><td>{esc(v)}</td></tr>" for k, v in r.items())
        return page(respond, f"Leave request {r['id']}", f"<h1>Leave request {esc(r['id'])}</h1>{NAV}<table>{rows}</table>")

    def cancel(respond, request_id):
        r = next((r for r in requests if r["id"] == request_id), None)
        if r is None:
            return not_found(respond)
        if r["status"] in ("approved", "submitted"):
            r["status"] = "cancelled"
        return redirect(respond, "/leave")

    def app(environ, respond):
        path, method = environ["PATH_INFO"].rstrip("/") or "/", environ["REQUEST_METHOD"]
        if method == "POST":
            if path == "/leave/new":
                return submit(respond, environ)
            if path.startswith("/leave/") and path.endswith("/cancel"):
                return cancel(respond, path.split("/")[2])
            return page(respond, "Not allowed", "<h1>Method not allowed</h1>", "405 Method Not Allowed")
        routes = {"/": home, "/profile": profile, "/policy": policy, "/leave": leave_list, "/leave/new": new_form}
        if path in routes:
            return routes[path](respond)
        if path.startswith("/leave/"):
            return show(respond, path.rsplit("/", 1)[-1])
        return not_found(respond)

    return app
