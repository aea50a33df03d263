"""The `ec2bench` command line (typer + rich): `main` holds the commands, `train` the training ones,
`common` what they share, `logs` the log handler. The top layer: it imports the API and below, nothing imports it."""

from ec2bench.cli.main import app

__all__ = ["app"]
