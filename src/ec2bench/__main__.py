"""`python -m ec2bench`: the same command line as the `ec2bench` script."""

from ec2bench.cli import app

app(prog_name="ec2bench")
