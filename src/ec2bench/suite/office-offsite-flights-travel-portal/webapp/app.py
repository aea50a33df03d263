"""Corvid Labs' travel portal: flight search, the travel policy, a traveller profile and round-trip bookings."""

from __future__ import annotations

from typing import Any

from ec2bench.env.browser.sitekit import esc, form, next_id, not_found, page, query, redirect

NAV = ('<p><a href="/">Home</a> · <a href="/flights">Search flights</a> · <a href="/book">Book a trip</a> · '
       '<a href="/trips">My trips</a> · <a href="/policy">Travel policy</a> · <a href="/profile">Traveller profiles</a></p>')


def _fare(flight: dict[str, Any]) -> str:
    return f"${flight['fare']}"


def _option(flight: dict[str, Any]) -> str:
    refund = "refundable" if flight["refundable"] else "non-refundable"
    return (f'<option value="{esc(flight["id"])}">{esc(flight["flight"])} · {esc(flight["departs"])}–{esc(flight["arrives"])}'
            f' · {_fare(flight)} {refund}</option>')


def make_app(state: dict[str, list[dict[str, Any]]]):
    flights, bookings, policy, travellers = state["flights"], state["bookings"], state["policy"], state["travellers"]
    profile = travellers[0]  # the signed-in user; the others are the colleagues she books for

    def home(respond):
        return page(respond, "Corvid Travel", f"<h1>Corvid Travel</h1>{NAV}<p>Signed in as {esc(profile['name'])}.</p>"
                    "<p>Search fares, then book the whole trip on one request: outbound, return and every traveller.</p>")

    def search(respond, environ):
        q = query(environ)
        origin, dest, date = q.get("from", "SFO"), q.get("to", "DEN"), q.get("date", "")
        airports = ["SFO", "DEN", "SEA"]
        pick = lambda name, chosen: "".join(f'<option{" selected" if a == chosen else ""}>{a}</option>' for a in airports)  # noqa: E731
        body = (f"<h1>Search flights</h1>{NAV}<form method=get action=/flights>"
                f'<label for=f>From</label><select id=f name=from>{pick("from", origin)}</select>'
                f'<label for=t>To</label><select id=t name=to>{pick("to", dest)}</select>'
                f'<label for=d>Date (YYYY-MM-DD)</label><input id=d name=date value="{esc(date)}">'
                "<button type=submit>Search</button></form>")
        if date:
            found = [f for f in flights if f["origin"] == origin and f["destination"] == dest and f["date"] == date]
            rows = "".join(f"<tr><td>{esc(f['flight'])}</td><td>{esc(f['departs'])}</td><td>{esc(f['arrives'])}</td>"
                           f"<td>{_fare(f)}</td><td>{'yes' if f['refundable'] else 'no'}</td></tr>" for f in found)
            body += (f"<h2>{esc(origin)} to {esc(dest)} on {esc(date)}: {len(found)} flights</h2>"
                     "<table><tr><th>Flight</th><th>Departs</th><th>Arrives</th><th>Economy fare</th><th>Refundable</th></tr>"
                     f"{rows}</table><p>Times are local. Fares are per traveller, economy.</p>")
        return page(respond, "Search flights", body)

    def book_form(respond, error=""):
        outs = "".join(_option(f) for f in flights if f["origin"] == "SFO" and f["destination"] == "DEN")
        backs = "".join(_option(f) for f in flights if f["origin"] == "DEN" and f["destination"] == "SFO")
        centers = "".join(f'<option value="{esc(c["code"])}">{esc(c["code"])} {esc(c["name"])}</option>' for c in state["cost_centers"])
        body = (f"<h1>Book a trip</h1>{NAV}" + (f"<p><strong>{esc(error)}</strong></p>" if error else "") +
                "<form method=post action=/book>"
                f'<label for=o>Outbound flight</label><select id=o name=outbound><option value="">Choose…</option>{outs}</select>'
                f'<label for=r>Return flight</label><select id=r name=return><option value="">Choose…</option>{backs}</select>'
                '<label for=p>Travellers (one full name per line)</label><textarea id=p name=travellers required></textarea>'
                f'<label for=c>Cost center</label><select id=c name=cost_center><option value="">Choose…</option>{centers}</select>'
                '<label><input type=radio name=cabin value=economy checked> Economy</label>'
                '<label><input type=radio name=cabin value=premium> Premium economy (+$180 a flight)</label>'
                '<label for=n>Note to the travel desk</label><textarea id=n name=note></textarea>'
                "<button type=submit>Request booking</button></form>")
        return page(respond, "Book a trip", body)

    def book(respond, environ):
        data = {k: v[-1].strip() for k, v in form(environ).items()}
        by_id = {f["id"]: f for f in flights}
        out, back = by_id.get(data.get("outbound", "")), by_id.get(data.get("return", ""))
        travellers = [" ".join(line.split()) for line in data.get("travellers", "").splitlines() if line.strip()]
        if not out or not back or not travellers or not data.get("cost_center"):
            return book_form(respond, "Choose both flights, a cost center and at least one traveller.")
        cabin = data.get("cabin", "economy")
        each = out["fare"] + back["fare"] + (360 if cabin == "premium" else 0)
        booking = {"id": next_id(bookings, "BK"), "outbound": out["flight"], "return": back["flight"], "travellers": travellers,
                   "cost_center": data["cost_center"], "cabin": cabin, "total": each * len(travellers),
                   "note": data.get("note", ""), "status": "confirmed"}
        bookings.append(booking)
        return redirect(respond, f"/trips/{booking['id']}")

    def trip(respond, booking_id):
        b = next((b for b in bookings if b["id"] == booking_id), None)
        if b is None:
            return not_found(respond)
        body = (f"<h1>Trip {esc(b['id'])}: {esc(b['status'])}</h1>{NAV}<table>"
                f"<tr><th>Outbound</th><td>{esc(b['outbound'])}</td></tr><tr><th>Return</th><td>{esc(b['return'])}</td></tr>"
                f"<tr><th>Travellers</th><td>{esc(', '.join(b['travellers']))}</td></tr>"
                f"<tr><th>Cabin</th><td>{esc(b['cabin'])}</td></tr><tr><th>Cost center</th><td>{esc(b['cost_center'])}</td></tr>"
                f"<tr><th>Total fare</th><td>${b['total']:,}</td></tr></table>")
        return page(respond, f"Trip {b['id']}", body)

    def trips(respond):
        rows = "".join(f'<tr><td><a href="/trips/{esc(b["id"])}">{esc(b["id"])}</a></td><td>{esc(b["outbound"])} / {esc(b["return"])}</td>'
                       f"<td>{esc(', '.join(b['travellers']))}</td><td>{esc(b['status'])}</td></tr>" for b in bookings)
        return page(respond, "My trips", f"<h1>My trips</h1>{NAV}<table><tr><th>Trip</th><th>Flights</th><th>Travellers</th>"
                    f"<th>Status</th></tr>{rows}</table>")

    def app(environ, respond):
        path, method = environ["PATH_INFO"].rstrip("/") or "/", environ["REQUEST_METHOD"]
        if path == "/book":
            return book(respond, environ) if method == "POST" else book_form(respond)
        if method != "GET":
            return page(respond, "Not allowed", "<h1>Method not allowed</h1>", "405 Method Not Allowed")
        if path == "/":
            return home(respond)
        if path == "/flights":
            return search(respond, environ)
        if path == "/policy":
            items = "".join(f"<li>{esc(p['text'])}</li>" for p in policy)
            return page(respond, "Travel policy", f"<h1>Travel policy</h1>{NAV}<ol>{items}</ol>")
        if path == "/profile":
            tables = "".join(f"<h2>{esc(t['name'])}</h2><table>" + "".join(
                f"<tr><th>{esc(k.replace('_', ' ').title())}</th><td>{esc(v)}</td></tr>" for k, v in t.items() if k not in ("id", "name"))
                + "</table>" for t in travellers)
            return page(respond, "Traveller profiles",
                        f"<h1>Traveller profiles</h1>{NAV}<p>You and the colleagues you book for.</p>{tables}")
        if path == "/trips":
            return trips(respond)
        if path.startswith("/trips/"):
            return trip(respond, path.rsplit("/", 1)[-1])
        return not_found(respond)

    return app
