"""What left the user's hands: one `Outbound` record per message or artefact another person receives.

Every tool that sends, shares or submits hands one record to its app's `outbox` (`App.outbox`);
`Workspace.call` takes them after each call, stamps them with the call's step, tool and position
(`Workspace.outbound`, the episode's full ordered list), and gives the new ones to the people who
answer (`ec2bench.env.people`: mail and chat only). The egress audit (`ec2bench.privacy.egress`)
reads the same list, so a reply and a leak are seen by one bookkeeping, and a new sending tool
cannot be forgotten by one of them.

What is outbound (docs/privacy.md, "Egress audit"), with its recipients and its text:

| tool(s)                                            | recipients                         | text                                      |
| -------------------------------------------------- | ---------------------------------- | ----------------------------------------- |
| email_send / reply / forward / send_draft,         | to + cc addresses                  | subject, body, attachments' text (never   |
| contacts_message by email                          |                                    | the address headers)                      |
| chat_post / send_draft, contacts_message by chat   | `#channel` or the `@name` DM       | the message                               |
| helpdesk_comment (public, not `internal`)          | `ticket:<id>`, its requester (also | the comment                               |
|                                                    | known by their address: `aka`)     |                                           |
| notes_share                                        | the address shared with            | the note's title and body                 |
| integrations_notify                                | `to`, else `integration:<id>`      | subject and message                       |
| ledger_submit_report                               | `recipient`, else `ledger`         | title, lines, total, notes                |
| calendar_create / update with attendees            | the attendees                      | title, location, description              |

Not outbound: files, notes not shared, CRM notes and deals, to-dos, ticket fields and internal
comments, inventory, scheduler, integration settings, the user app (the user is the owner), and web
search (an offline corpus here: nothing is sent).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outbound:
    """One message or artefact that left the workspace: who received it and what it said.

    Apps make it with `app`, `targets` and `text`; the workspace stamps `tool`, `step` and `index`
    (its position in `Workspace.outbound`) when it takes it from the app's outbox."""

    app: str  # the app that sent it: email, chat, helpdesk, notes, integrations, ledger, calendar
    targets: tuple[str, ...]  # its recipients (see the module's table)
    text: str  # what they receive
    subject: str = ""  # email: the subject line (a reaction's reply answers `Re: subject`)
    aka: tuple[str, ...] = ()  # other names of a single recipient (a ticket's requester: their address)
    tool: str = ""  # the tool call that sent it (`contacts_message` for a contact messaged by email)
    step: int = -1  # the step of that call
    index: int = -1  # its position in the episode's outbound list
