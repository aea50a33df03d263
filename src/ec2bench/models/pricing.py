"""Where a model's price comes from, in one order, with the source kept for the record.

Cloud cost is a headline figure, so a price must never be guessed: every resolved price carries
the place it came from, and a cloud model without one refuses to start (`registry.resolve_cloud`).
Order, first match wins:

1. an explicit price (`--cloud-price IN,CACHED,OUT`);
2. the `price` of a named endpoint in the models file (`--models`);
3. the user's price file (`--prices FILE`: model string or endpoint name -> price);
4. the model's provider: a simulated profile's price (`scripted/sim/profiles.yaml`), free for
   `replay/reference` and the adversaries, a plugin provider's `price`;
5. the price data bundled with the `genai-prices` package (pydantic/genai-prices; offline, no
   download at run time), for hosted endpoints only: `openai/<model>` without a base URL (the
   OpenAI API), or a base URL that genai-prices recognises (DeepSeek, OpenRouter, Groq, ...).
   Self-hosted servers (vLLM, Ollama, llama.cpp, any other base URL) are never priced from it.

Prices are USD per million tokens: uncached input, cached input, output. Where genai-prices has
tiered prices (e.g. a higher rate above 200k input tokens) the base tier is used, which under-prices
requests past the threshold; a model without a cached-input rate is billed the input rate for cached tokens;
where a price depends on the date or time of day, the one in force when the sweep starts is used.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ec2bench.core.errors import ConfigError
from ec2bench.models.base import Price


@dataclass(frozen=True)
class PriceQuote:
    """A price and where it came from (shown when a sweep starts)."""

    price: Price
    source: str


class PriceEntry(BaseModel):
    """A price as written in YAML: `{input: 2.5, cached_input: 0.25, output: 15}`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    input: float = Field(ge=0, allow_inf_nan=False)
    cached_input: float | None = Field(default=None, ge=0, allow_inf_nan=False)
    output: float = Field(ge=0, allow_inf_nan=False)

    def to_price(self) -> Price:
        return Price(self.input, self.input if self.cached_input is None else self.cached_input, self.output)


def parse_price(text: str) -> Price:
    """`IN,CACHED,OUT` in USD per million tokens, e.g. `2.5,0.25,15`."""
    try:
        values = [float(x) for x in text.split(",")]
    except ValueError:
        values = []
    if len(values) != 3 or not all(math.isfinite(v) and v >= 0 for v in values):
        raise ConfigError(f"price {text!r} must be three non-negative numbers: input,cached_input,output per million tokens")
    return Price(*values)


def load_price_file(path: Path) -> dict[str, Price]:
    """The user's price file: a YAML mapping of model string (or endpoint name) to a price."""
    data = read_yaml_mapping(path, "price file")
    prices: dict[str, Price] = {}
    for name, entry in data.items():
        try:
            prices[str(name)] = PriceEntry.model_validate(entry).to_price()
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(x) for x in err["loc"])
            raise ConfigError(
                f"{path}: price of {name!r}{': ' + where if where else ''}: {err['msg']} "
                "(write {input: USD, cached_input: USD, output: USD} per million tokens)"
            ) from None
    return prices


def bundled_price(model_id: str, base_url: str | None) -> PriceQuote | None:
    """The genai-prices price of a hosted model, or None if the endpoint or model is not in its data."""
    import genai_prices
    from genai_prices.data_snapshot import get_snapshot

    snapshot = get_snapshot()
    try:
        provider = snapshot.find_provider(None, "openai" if base_url is None else None, base_url)
        provider, model = snapshot.find_provider_model(model_id, provider, None, None)
    except LookupError:
        return None
    prices = model.get_prices(datetime.now(UTC))
    rates = [_base_rate(getattr(prices, f, None)) for f in ("input_mtok", "cache_read_mtok", "output_mtok")]
    if rates[0] is None or rates[2] is None:
        return None
    price = Price(rates[0], rates[0] if rates[1] is None else rates[1], rates[2])
    return PriceQuote(price, f"genai-prices {genai_prices.__version__}: {provider.id} {model.id}")


def _base_rate(value: Any) -> float | None:
    if value is None:
        return None
    return float(getattr(value, "base", value))  # TieredPrices -> its base tier


def first_quote(candidates: Mapping[str, Price | None]) -> PriceQuote | None:
    """The first non-None price of `{source: price}` candidates, in their order."""
    for source, price in candidates.items():
        if price is not None:
            return PriceQuote(price, source)
    return None


def read_yaml_mapping(path: Path, what: str) -> dict[Any, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{what} {path} is not valid UTF-8 (byte {exc.start}: {exc.reason})") from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"{what} {path} is not valid YAML: {exc}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"{what} {path} must be a mapping of names to entries, not a {type(data).__name__}")
    return data
