"""Home and shopping habits: the home address (private), the courier the speaker wants (or never wants), how
parcels should be delivered, and the brand they stick to for a product."""
import re

from ..lexicon import COURIERS_EN, COURIERS_ZH
from ..rules import Match, RuleContext, capitalised, rule
from ..things import segment

_COURIER = re.compile("|".join(sorted((re.escape(name) for name in COURIERS_ZH + COURIERS_EN), key=len, reverse=True)), re.I)
_COURIER_SUFFIX = re.compile(r"^(?:快递|物流|速运|快运|速递)")
# Goods coming in for a business are logistics, not the speaker's own parcels.
_SUPPLY = re.compile(r"进货|原料|供货|货源|批发|采购|补货|物流公司|(?i:\b(?:supplier|suppliers|inventory|stock|wholesale)\b)")
_ADDRESS_MARKERS_ZH = re.compile(r"区|路|街|巷|弄|号|楼|栋|幢|单元|室|小区|村|苑|花园|公寓|大厦|\d{3,4}")
_ADDRESS_MARKERS_EN = re.compile(r"\d+|\b(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|apt|apartment|unit|flat|floor|"
                                 r"boulevard|blvd|way|court|ct|place|pl)\b", re.I)
_DELIVERY_ZH = re.compile(
    r"(?P<neg>别|不要|不用|不能|千万别|请勿)?(?:直接)?(?:放|丢|搁|扔|寄存)(?:在|到)?(?P<place>门口|快递柜|驿站|物业|前台|门卫|传达室|楼下|家门口)"
    r"|(?P<neg2>别|不要)?(?:要|请|务必|一定)?送(?:货)?(?:上门|到家|到门口)")
_DELIVERY_EN = re.compile(
    r"(?P<neg>\bdon't\s+|\bdo not\s+|\bnever\s+)?\b(?:leave|drop|put)\s+(?:it|them|the (?:parcel|package|box)s?|(?:parcels|packages|deliveries))?\s*"
    r"(?:at|by|on|in|with)\s+(?:the\s+|my\s+)?(?P<place>front door|door|doorstep|porch|reception|front desk|mailroom|locker|neighbou?r|concierge)", re.I)
_INSTRUCTION = re.compile(r"请|要|务必|记得|帮我|给我|以后|一定|都|(?i:\bplease\b|\balways\b|\bnever\b|\bdon't\b|\bfrom now on\b)")
_BRAND_ZH = re.compile(r"^(?P<brand>[\u4e00-\u9fffA-Za-z&]{2,8}?)(?:牌|家)?的(?P<product>[\u4e00-\u9fff]{1,10})")
_BRAND_NAME_ZH = re.compile(r"^(?:[\u4e00-\u9fff]{1,6}牌|[A-Z][\w&\-]+)$")
_BRAND_EN = re.compile(r"^(?P<brand>[A-Z][\w'&\-]+(?: [A-Z][\w'&\-]+)?)\s+(?P<product>[a-z][a-z\- ]{1,24})$")


@rule(priority=80)
def home_address(ctx: RuleContext) -> list[Match]:
    matches = []
    for said in ctx.statements("address"):
        address = said.obj.strip()
        markers = _ADDRESS_MARKERS_ZH if ctx.chinese else _ADDRESS_MARKERS_EN
        if len(markers.findall(address)) < 2:
            continue  # "我住在杭州" is a city, not an address
        text = f"{ctx.subject}家的地址是{address}。" if ctx.chinese else f"{capitalised(ctx.subject)}'s home address is {address}."
        matches.append(Match("profile.home_address", address, *said.span, confidence=0.85, importance=0.6,
                             sensitivity="high", is_private=True, text=text, attach=False))
    return matches


@rule(priority=70)
def couriers(ctx: RuleContext) -> list[Match]:
    matches = []
    for said in ctx.statements("use", "like", "dislike", "switch"):
        found = _COURIER.match(said.obj) or _COURIER.search(said.obj[:12])
        if not found:
            continue
        name = found.group(0)
        suffix = _COURIER_SUFFIX.match(said.obj[found.end():])
        shown = name + (suffix.group(0) if suffix else "")
        if said.polarity < 0:
            text = f"{ctx.subject}不要用{shown}寄快递。" if ctx.chinese else f"{capitalised(ctx.subject)} does not want {shown} for parcels."
            matches.append(Match(f"shipping.avoid.{segment(name, singular=False)}", f"不要用{shown}" if ctx.chinese else f"not {shown}",
                                 *said.span, kind="preference", polarity=-1, confidence=0.85, importance=0.6, entities=[name],
                                 text=text))
            continue
        supply = bool(_SUPPLY.search(ctx.text))
        if ctx.chinese:
            text = f"{ctx.subject}{'进货' if supply else '寄快递'}希望用{shown}。"
        else:
            text = f"{capitalised(ctx.subject)} wants {'supplies' if supply else 'parcels'} shipped with {shown}."
        matches.append(Match("logistics.carrier" if supply else "shipping.carrier", shown, *said.span, kind="preference",
                             polarity=1, importance=0.7, confidence=0.9 if said.changed or said.frame == "use" else 0.8,
                             entities=[name], text=text))
    return matches


@rule(priority=60)
def delivery_instruction(ctx: RuleContext) -> list[Match]:
    found = (_DELIVERY_ZH if ctx.chinese else _DELIVERY_EN).search(ctx.text)
    if not found:
        return []
    negated = bool(found.group("neg") or found.groupdict().get("neg2"))
    if not negated and not _INSTRUCTION.search(ctx.text[max(0, found.start() - 8):found.end()]):
        return []  # "they never deliver to the door" is a complaint, not an instruction
    action = re.sub(r"^(?:别|不要|不用|不能|千万别|请勿|don't\s+|do not\s+|never\s+)", "", found.group(0), flags=re.I).strip()
    if ctx.chinese:
        value = f"不要{action}" if negated else action
        text = f"{ctx.subject}希望快递{value}。"
    else:
        value = f"do not {action}" if negated else action
        text = f"{capitalised(ctx.subject)} wants deliveries: {value}."
    return [Match("shipping.delivery_instruction", value, *found.span(), kind="preference", polarity=-1 if negated else 1,
                  confidence=0.85, importance=0.6, text=text)]


@rule(priority=60)
def brands(ctx: RuleContext) -> list[Match]:
    """"做面包只用X牌的面粉", "面粉都换成Y牌", "I only buy Acme socks": shopping.brand.<product>."""
    matches = []
    for said in ctx.statements("use", "switch"):
        if _COURIER.search(said.obj):
            continue
        brand, product = "", ""
        if ctx.chinese:
            found = _BRAND_ZH.match(said.obj)
            if found:
                brand, product = found.group("brand"), found.group("product")
            elif said.frame == "switch" and _BRAND_NAME_ZH.match(said.obj):
                before = re.split(r"[，,]", ctx.text[:said.start])[-1]
                brand = said.obj
                product = re.sub(r"^(?:以后|今后|我|我们|都|也)+|(?:都|也|全|就)+$", "", before)
        else:
            found = _BRAND_EN.match(said.obj)
            if found and said.frame == "use":
                brand, product = found.group("brand"), found.group("product")
        products = [item for item in re.split(r"和|、|跟|及|\band\b|,", product) if item.strip()]
        if not brand or not products:
            continue
        matches.append(Match(f"shopping.brand.{segment(products[0].strip())}", brand, *said.span, kind="preference",
                             polarity=1, confidence=0.9 if said.changed or said.frame == "use" else 0.8, importance=0.55,
                             entities=[brand, *[item.strip() for item in products]]))
    return matches
