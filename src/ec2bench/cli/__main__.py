"""`python -m ec2bench.cli`: the command line."""

from ec2bench.cli.main import app

app()
