"""Writing IATA SSIM Chapter 7 records (200 bytes, fields by 1-based position).

Used by make_demo_ssim.py (Schedules/demo.ssim) and by the Python tests, which build the
seasons they check fleetwx against. The positions are those of docs/ssim.md.
"""

LENGTH = 200


def record(kind, fields):
    """A record of type `kind` with `fields` ({(first, last): text}) at their positions."""
    chars = [" "] * LENGTH
    chars[0] = kind
    for (first, last), text in fields.items():
        width = last - first + 1
        if len(text) > width:
            raise ValueError(f"{text!r} does not fit positions {first}-{last}")
        chars[first - 1:last] = list(text.ljust(width))
    return "".join(chars)


def with_serial(text, serial):
    """The record with its serial number in positions 195-200."""
    return text[:194] + f"{serial:06d}"


PADDING = "0" * LENGTH


def header():
    return record("1", {(2, 35): "AIRLINE STANDARD SCHEDULE DATA SET", (41, 41): "1", (192, 194): "001"})


def carrier(airline, mode, season, valid_from, valid_to, created="01NOV26"):
    return record("2", {
        (2, 2): mode, (3, 5): airline, (11, 13): season, (15, 21): valid_from, (22, 28): valid_to,
        (29, 35): created, (36, 64): "FLEETWX DEMO SEASON", (72, 72): "P",
    })


def leg(airline, number, variation, sequence, period_from, period_to, days, origin, std, std_var,
        destination, sta, sta_var, aircraft, suffix=" ", frequency=" ", service="J",
        std_days="0", sta_days="0"):
    """A flight leg record; `days` is seven characters, day d in position d or a blank."""
    return record("3", {
        (2, 2): suffix, (3, 5): airline, (6, 9): f"{number:>4}", (10, 11): f"{variation:02d}",
        (12, 13): f"{sequence:02d}", (14, 14): service, (15, 21): period_from, (22, 28): period_to,
        (29, 35): days, (36, 36): frequency, (37, 39): origin, (40, 43): std, (44, 47): std,
        (48, 52): std_var, (55, 57): destination, (58, 61): sta, (62, 65): sta, (66, 70): sta_var,
        (73, 75): aircraft, (193, 193): std_days, (194, 194): sta_days,
    })


def trailer(airline, previous_serial, end="E"):
    return record("5", {(3, 5): airline, (188, 193): f"{previous_serial:06d}", (194, 194): end})


def serialise(records):
    """Numbers the records (padding excepted) from 000001, fills trailers' check references,
    and returns the file's text, one record per line."""
    lines, serial = [], 0
    for text in records:
        if text == PADDING:
            lines.append(text)
            continue
        if text[0] == "5":
            text = text[:187] + f"{serial:06d}" + text[193:]
        serial += 1
        lines.append(with_serial(text, serial))
    return "\n".join(lines) + "\n"


MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]


def ssim_date(day):
    """A datetime.date as DDMMMYY."""
    return f"{day.day:02d}{MONTHS[day.month - 1]}{day.year % 100:02d}"


def variation(seconds):
    sign = "-" if seconds < 0 else "+"
    minutes = abs(int(seconds)) // 60
    return f"{sign}{minutes // 60:02d}{minutes % 60:02d}"
