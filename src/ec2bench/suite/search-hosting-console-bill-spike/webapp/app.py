"""Skyforge's hosting console for the ClassNest account: services with their change history, invoices, team and notices."""

from __future__ import annotations

from typing import Any

from ec2bench.env.browser.sitekit import esc, form, next_id, not_found, page, redirect

NAV = ('<p><a href="/">Overview</a> · <a href="/services">Services</a> · <a href="/billing">Billing</a> · '
       '<a href="/team">Team</a> · <a href="/notices">Notices</a></p>')


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def make_app(state: dict[str, list[dict[str, Any]]]):
    account = state["account"][0]

    def overview(respond):
        unread = sum(1 for n in state["notices"] if not n.get("read"))
        return page(respond, "Skyforge console", f"<h1>{esc(account['name'])}</h1>{NAV}"
                    f"<p>Plan: {esc(account['plan'])}. Billing contact: {esc(account['billing_email'])}.</p>"
                    f"<p>{unread} unread notices.</p>")

    def services(respond):
        rows = [[f'<a href="/services/{esc(s["id"])}">{esc(s["name"])}</a>', esc(s["kind"]), esc(s["size"]), esc(s["region"])]
                for s in state["services"]]
        return page(respond, "Services", f"<h1>Services</h1>{NAV}" + _table(["Service", "Kind", "Size", "Region"], rows))

    def service(respond, service_id):
        s = next((s for s in state["services"] if s["id"] == service_id), None)
        if s is None:
            return not_found(respond)
        events = [[esc(e["date"]), esc(e["actor"]), esc(e["change"])] for e in state["events"] if e["service"] == s["id"]]
        return page(respond, s["name"], f"<h1>{esc(s['name'])}</h1>{NAV}<p>{esc(s['kind'])}, {esc(s['size'])}, "
                    f"{esc(s['region'])}. {esc(s['description'])}</p><h2>Configuration history</h2>"
                    + _table(["Date", "By", "Change"], events))

    def billing(respond):
        rows = [[f'<a href="/billing/{esc(i["id"])}">{esc(i["id"])}</a>', esc(i["period"]), f"${i['total']:,.2f}", esc(i["status"])]
                for i in state["invoices"]]
        return page(respond, "Billing", f"<h1>Billing</h1>{NAV}<p>Paid by {esc(account['card'])}; billing address "
                    f"{esc(account['billing_address'])}; VAT number {esc(account['vat_number'])}.</p>"
                    + _table(["Invoice", "Period", "Total", "Status"], rows))

    def invoice(respond, invoice_id):
        inv = next((i for i in state["invoices"] if i["id"] == invoice_id), None)
        if inv is None:
            return not_found(respond)
        lines = [[esc(li["service"]), esc(li["item"]), f"${li['amount']:,.2f}"]
                 for li in state["invoice_lines"] if li["invoice"] == inv["id"]]
        return page(respond, inv["id"], f"<h1>Invoice {esc(inv['id'])} ({esc(inv['period'])})</h1>{NAV}"
                    + _table(["Service", "Item", "Amount"], lines) + f"<p>Total ${inv['total']:,.2f}</p>")

    def team(respond, note=""):
        rows = [[esc(m["name"]), esc(m["email"]), esc(m["phone"]), esc(m["role"])] for m in state["members"]]
        return page(respond, "Team", f"<h1>Team</h1>{NAV}" + (f"<p><strong>{esc(note)}</strong></p>" if note else "")
                    + _table(["Name", "Email", "Phone", "Role"], rows) + "<h2>Invite a member</h2><form method=post action=/team>"
                    '<label for=e>Email</label><input id=e name=email type=email required>'
                    '<label for=r>Role</label><select id=r name=role><option>viewer</option><option>developer</option>'
                    "<option>billing admin</option><option>owner</option></select><button type=submit>Send invite</button></form>")

    def invite(respond, environ):
        data = {k: v[-1].strip() for k, v in form(environ).items()}
        if "@" not in data.get("email", ""):
            return team(respond, "Enter the email address to invite.")
        members = state["members"]
        members.append({"id": next_id(members, "U"), "name": "(invited)", "email": data["email"], "phone": "",
                        "role": data.get("role", "viewer")})
        return redirect(respond, "/team")

    def notices(respond):
        items = "".join(f"<h2>{esc(n['date'])}: {esc(n['title'])}</h2><p>{esc(n['body'])}</p>" for n in state["notices"])
        return page(respond, "Notices", f"<h1>Notices</h1>{NAV}{items}")

    def app(environ, respond):
        path, method = environ["PATH_INFO"].rstrip("/") or "/", environ["REQUEST_METHOD"]
        if path == "/team" and method == "POST":
            return invite(respond, environ)
        if method != "GET":
            return page(respond, "Not allowed", "<h1>Method not allowed</h1>", "405 Method Not Allowed")
        routes = {"/": overview, "/services": services, "/billing": billing, "/team": team, "/notices": notices}
        if path in routes:
            return routes[path](respond)
        if path.startswith("/services/"):
            return service(respond, path.rsplit("/", 1)[-1])
        if path.startswith("/billing/"):
            return invoice(respond, path.rsplit("/", 1)[-1])
        return not_found(respond)

    return app
