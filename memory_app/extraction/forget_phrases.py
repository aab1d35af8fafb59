"""The words of forget requests, in both languages: forget and removal verbs, memory cues, the fillers around a
description, and the shapes that say a message is not a request (a question, a change of practice, a
self-correction). ``forget`` reads messages with them; this module only compiles them.
"""
import re

from ..keywords import EN_TITLES
from ..when_said import EN_MONTH_NAMES

# Verbs that are about memory by themselves, and generic removal verbs that need a memory cue (below) before
# they count: "把这段里的空行删掉" and "remove the onions" are tasks, not forget requests. The generic set is meant
# to be the thesaurus of "delete / throw away / strike out / don't keep" in both languages, not a list of cases.
ZH_NOT = (r"(?:别|不要|不用|甭|莫|无需|不必|没必要|不需要|用不着|犯不着|千万别|可别|不许|不想让你|不想你|唔好|唔使|唔要)"
           r"(?:再|帮我|给我|替我)*")  # 莫: 西南官话; 唔好, 唔使: 粤语
ZH_STRONG = (rf"忘(?:记)?(?:掉|光|干净|个干净)|忘了吧|忘记吧|{ZH_NOT}记(?:录|住|着|下来|下)?(?!错|性|者|账|仇|号|得)"
              r"|(?:别|不要)再提(?!醒|前|高|供|交|议|问)"
              r"|当(?:作|做|成)?(?:我)?没(?:听过|听见|听到|说过?|提过?|讲过?)|就当没(?:这回事|发生过?)"
              rf"|{ZH_NOT}留(?:底|痕迹|档|案底|记录)|(?:从|在)?(?:记忆|记录|档案|笔记|备忘录?)(?:里|中)(?:删|抹|去|清|拿|移)(?:掉|除|去|走|出去)?")
ZH_GENERIC = (r"删(?:掉|了|除|去|光|干净|啦)?|清(?:掉|除|空|光|干净|理掉|理干净|理)|抹(?:掉|去|除|了|光|走|干净)|擦(?:掉|除|去|走|干净)|扔(?:掉|了)"
               r"|丢(?:掉|了)|去掉|去除|消除|移除|剔除|拿掉|撤掉|撤下|撤回|划掉|勾掉|涂掉|干掉|销毁|作废|处理掉|弄掉|忘了|忘记"
               rf"|{ZH_NOT}(?:存档|存进|保存|保留|留着|留下|写进|写到|记进|记到|放进|存)")
EN_KEEP = (r"remembering|remember|keeping|keep|holding on to|hold on to|holding onto|hold onto|hanging on to|hang on to|"
            r"retaining|retain|bringing up|bring up")
# "could you not hang on to that", "would you please not store it": a request in a question's clothes.
EN_ASKED_NOT = (r"(?:can|could|would|will) (?:you|u|ya) (?:please |pls )?not|would (?:you|u) mind not"
                 # a wish in place of an order: "I'd prefer you didn't store the part about my ex"
                 r"|(?:i'd|i would|id) (?:rather|prefer(?: it if| that)?) (?:you|u) (?:not|didn't|did not)"
                 r"|(?:i'd|i would|id) prefer (?:you|u) not to"
                 r"|(?:i|we) (?:don't|do not) want (?:you|u)(?= \w+ing\b)")
EN_STRONG = (rf"forget|disregard|unlearn|never ?mind|(?:don't|do not|(?<=\bto )not|no need to|there's no need to|"
              r"there is no need to|"
              rf"you don't need to|you do not need to|you needn't|stop|quit|{EN_ASKED_NOT})\s+(?:{EN_KEEP})|never (?:mention|bring up)"
              r"|pretend I never (?:said|told you|mentioned)|strike (?:that|it|this) from the record"
              r"|put (?:it|that|this|them|those) (?:out of|from) your (?:memory|mind)")
EN_GENERIC = (r"delete|remove|erase|wipe(?! down)(?: out)?|drop(?!\s+(?:off|by|in|out|me|us|him|her|a line))|scrap|scratch|"
               r"clear(?!\s+up)(?: out)?|purge|ditch|discard|toss(?: out)?|get rid of|throw (?:out|away)|"
               r"scrub(?: out)?|bin|"
               r"trash|junk|nuke|expunge|obliterate|eradicate|eliminate|shred|dump|chuck(?: out| away)?|axe|lose|ignore|"
               r"redact|strike(?: out)?|cross (?:out|off)|blot out|black out|cut out|take out|do away with|dispose of|"
               rf"(?:don't|do not|(?<=\bto )not|no need to|stop|never|{EN_ASKED_NOT})"
               r"\s+(?:storing|store|saving|save|logging|log|recording|record|"
               r"noting(?: down)?|note(?: down)?|writing(?: down)?|write(?: down)?|jotting(?: down)?|jot(?: down)?|"
               r"putting|put|including|include|filing|file|adding|add|tracking|track)")
VERB = re.compile(rf"(?P<zs>{ZH_STRONG})|(?P<zg>{ZH_GENERIC})|(?P<es>\b(?:{EN_STRONG})\b)|(?P<eg>\b(?:{EN_GENERIC})\b)", re.I)

# A memory cue: the object is something said, known or kept, not a thing in the world.
# "That whole ... saga": a story noun after "whole" points back at a matter spoken of; alone ("delete the situation
# report", "cut the drama from the intro") it is a thing being edited. ("那个事" is no cue either: what it leaves
# of the description is a bare name, and every message naming that person would go.)
CUE = re.compile(r"说|讲|提|聊|告诉|记|信息|资料|数据|内容|关于|有关|的事|那件事|这件事|此事|往事|心事|私事|那次|上次|之前|以前|刚才|那天|隐私|档案|笔记|底"
                  r"|念叨|唠|吐槽|牢骚|抱怨|闲话|八卦|秘密|交代|透露|倾诉|私下|心里话|悄悄话"
                  r"|你(?:那|这)(?:边|儿|里)|(?:[两二三四五俩仨几]|\d+)件事"  # matters counted are matters spoken of
                  r"|(?i:\b(?:told|said|say|mentioned|shared|talked|discussed|raised|wrote|went over|confided|vented|opened up|let slip|know|knows|remember|memory|"
                  r"memories|info|information|data|details|notes?|records?|stuff|things?|about|regarding|concerning|"
                  r"history|profile)\b"
                  r"|\b(?:whole|entire)\b[^.,;!?]{0,40}\b(?:saga|episode|business|matter|story|situation|drama|mess|affair)\b)")

# The details a profile holds, said as the user's own ("my home address", "我的邮箱"): a thing the memory keeps,
# so a removal or record verb with it as its whole object is a request even with no other cue ("删掉我的地址吧",
# "don't store my birthday"). A whole domain's words, not a list of cases.
_DETAILS_EN = (r"(?:home |email |e-mail |postal |mailing |work |office )?address"
               r"|(?:phone|mobile|cell|contact|account|card|passport|id|social security) number|number|e-?mail|birthday"
               r"|date of birth|birth ?date|age|(?:real |full |last |first |maiden )?name|surname|salary|income|pay"
               r"|workplace|employer|job|location|diagnosis|medications?|allerg(?:y|ies)|weight|height|passport"
               r"|bank details|card details|personal (?:details|info|data)|passwords?|pin|login")
_DETAILS_ZH = (r"(?:家庭|家|公司|单位|收货|快递)?(?:地址|住址)|电话(?:号码?)?|手机号?(?:码)?|号码|邮箱|生日|出生日期|年龄|岁数|名字|姓名|真名"
               r"|工资|收入|薪水|单位|病情|诊断|用药|体重|身高|身份证号?|护照号?|银行卡号?|卡号|账号|密码|个人信息")
# The whole object is the detail: "my name from the list", "我的简历里的地址" edit something else.
PERSONAL_DETAIL = re.compile(rf"\s*(?:(?i:(?:my|our)\s+(?:[\w'-]+\s+){{0,2}}?(?:{_DETAILS_EN})\b)"
                             rf"|(?:我|我们|俺|咱)的?(?:(?![里中上内])[\u4e00-\u9fff]){{0,4}}?(?:{_DETAILS_ZH}))"
                             r"[\s.。!！,，~]*(?:吧|了|啊|呀|哈|(?i:please|pls|too|as well|anymore))?[\s.。!！,，~]*")

# Statements, not requests: a subject right before the verb ("我忘了带钥匙", "I forget"), a negated forget
# ("别忘了", "don't forget"), a question ("你忘了吗？").
ZH_SUBJECT_BEFORE = re.compile(r"(?:(?<![帮给替让叫请])我|他|她|它|我们|他们|她们|咱们|咱|俺)(?:已经|刚|刚刚|刚才|又|都|也|早就|早|不小心|差点|竟然|总是|老是|经常|还|就)?$")
ZH_NEGATED_FORGET = re.compile(r"(?:别|不要|不能|不会|没|没有|不|可别|千万别|容易|总|老|会|要)$")
ZH_PLEASE = "请|麻烦|拜托|求你|求求你|劳驾"
# A question embedded before the verb asks the assistant's judgement, it orders nothing: "说说哪一页该删" (which page
# should go), "教我怎么删" (how to delete). "什么都删了" is a quantifier, not a question: no modal, no 怎么.
_ASKS_WHICH_OR_HOW = r"(?:怎么|怎样|如何|(?:哪|什么|啥)[\u4e00-\u9fff]{0,3}?(?:该|需要|应该|应当|可以|能))"
EMBEDDED_QUESTION = re.compile(rf"{_ASKS_WHICH_OR_HOW}$")
REPORTED_INTENT = re.compile(r"(?:说|嚷嚷|吵着|喊着|闹着)(?:着)?(?:要|想)(?:给我|帮我|替我)?(?:把.{0,8})?$")
# 侬: "you" in 吴语
ZH_REQUEST_START = re.compile(rf"^(?:{ZH_PLEASE}|你|您|侬|就|那就|那|帮我|给我|帮忙|直接|以后|今后|再|都|全部|全都|统统|也|赶紧|快)*$")
EN_REQUEST_PREFIX = re.compile(
    r"^(?:(?:please|pls|plz|just|also|and|so|oh|ok|okay|now|then|actually|kindly|hey|well|yeah|right|but|alright|"
    # interjections and discourse markers of chat ("meh", "hmm", "look,", "honestly"): no subject, no statement
    r"ugh|meh|uh|um+|hm+|look|listen|honestly|anyway|anyways|btw|lol|fine|sorry|oops|gosh|welp|"
    # the same in other Englishes (South African, Singaporean, Filipino), and "rather / better" before an order
    r"eish|ag|sjoe|aiyo|aiya|haiya|alamak|wah|naku|hay naku|rather|better|best|"
    r"(?:can|could|would|will) (?:you|u|ya)|i want you to|i need you to|i'd like you to|i would like you to|you can|"
    r"you should|you could|you may|go ahead and|let's|you need to|i'm asking you to|i (?:don't|do not) want you to|"
    # a request put as a condition: "I'd appreciate it if you could …", "it would be great if you could …"
    r"(?:i|i'd|i would|i should|i'll|i will)(?: be)?(?: (?:very|most|much|really|so|truly|super))? "
    r"(?:grateful|thankful|obliged|glad|happy|appreciate it) if (?:you|u) "
    r"(?:would|could|can|will|might)|(?:it would|it'd) be (?:great|nice|good|best|better) if (?:you|u) (?:would|could|can))"
    r"\s*,?\s*)*$", re.I)
ZH_BA_REQUEST = re.compile(r"^(?:请|麻烦|你|您|侬|就|那就|直接)*(?:帮我|给我|替我)?(?:把|将).+")  # "把X delete 掉"
QUESTION = re.compile(r"(?:[?？]|吗|么)\s*$")
# A tag after an order ("删了吧，好吗？", "forget it ok?") asks for agreement: the sentence is still a request.
# Dialects ask it too: 好伐 / 可以伐 (吴语), 中不中 (中原), 得唔得 / 好唔好 (粤语); thanks and pleading close
# a request as well ("…删了吧，谢谢", "…别记了 求求了").
QUESTION_TAG = re.compile(r"[\s,，]*(?:好吗|好不好|行吗|行不行|可以吗|成吗|好么|好伐|可以伐|行伐|中不中|得唔得|好唔好|得不得"
                          r"|谢谢(?:你|啦|了)?|多谢|拜托(?:了|啦|你了)?|求求(?:你|了|你了)?"
                          r"|(?i:\b(?:ok|okay|alright|right|please|pls|thanks|thank you|thx|ty)))[\s?？!！~～]*$")
ZH_POLITE_QUESTION = re.compile(r"^(?:你)?(?:能|可以|可不可以|能不能|能否|麻烦|请)")  # "能把X删掉吗？" asks
# A title's dot ("what Dr. Chen said") ends no sentence and no clause. Fixed-width lookbehinds, one per title.
NOT_A_TITLE_DOT = "".join(rf"(?<!\b(?i:{title})\.)" for title in EN_TITLES)  # placed after the dot
NOT_BEFORE_A_TITLE_DOT = "".join(rf"(?<!\b(?i:{title}))" for title in EN_TITLES)  # placed before the dot
SENTENCE_BREAK = re.compile(rf"(?<=[。！？!?；;\n])|(?<=\.){NOT_A_TITLE_DOT}\s+")

# Fillers around the object phrase. Applied repeatedly until nothing changes.
ZH_WHEN = ("之前|以前|上次|上回|刚才|刚刚|刚|那天|前(?:[一两三几]|些)(?:天|周|个?星期|个?礼拜|个?月)|前些日子|前段时间|前一段(?:时间)?|那阵子|前阵子|前一阵|上周|上个?礼拜|上个?星期|上个月|昨天|前天|当时|那会儿|先前|早先"
            r"|(?:去年|今年|前年)(?:年初|年中|年底|年末|夏天|冬天|春天|秋天)?|年初|年底|年末|年前|年后|过年(?:前|后|那会儿?|的时候)"
            r"|(?:春节|国庆|中秋|元旦|五一|端午|寒假|暑假|圣诞)(?:前|后|那会儿?|的时候|期间)"
            r"|早上|上午|中午|下午|晚上|夜里|半夜"
            r"|(?:[一二三四五六七八九十]|十[一二]|1[0-2]|[1-9])月份?(?:初|中|底|末)?")
# Ways of having said something to the assistant: told, mentioned, chatted, grumbled, confided, sent.
# (an English reporting verb in a Chinese sentence too: "上次 mention 的那个事")
ZH_SAID = ("说|讲|提|聊|告诉你|说起|提到|念叨|唠叨|唠|吐槽|吐|抱怨|发牢骚|倒苦水|交代|透露|倾诉|发给你|发"
            r"|\s*(?i:mention(?:ed)?|told you|told|said|shared|brought up)\s*")
ZH_LEADING = re.compile(  # longest first: "你记的" before "你"
    rf"^(?:(?:{ZH_WHEN})?(?:我|我们)?(?:私下)?(?:{ZH_WHEN})?(?:私下)?(?:跟你|和你|同你|对你|给你|向你)?(?:{ZH_SAID})(?:过|起|到)?的"
    rf"|(?:我|我们)?(?:{ZH_WHEN})?(?:私下)?(?:跟你|和你|同你|对你|向你)(?:{ZH_SAID})(?:过|起|到)?"
    # an adverbial of how or how often between "I" and "told you" ("我好几次跟你说的", "我喝多了那回跟你讲的")
    rf"|(?:我|我们)[\u4e00-\u9fff]{{1,6}}?(?:跟你|和你|同你|对你|向你)(?:{ZH_SAID})(?:过|起|到)?的?"
    rf"|(?:我|我们)?(?:{ZH_WHEN})(?:{ZH_SAID})(?:过|起|到)?(?:的|(?=那|这))"
    rf"|(?:(?:{ZH_WHEN})(?:我|我们)|(?:我|我们)(?:{ZH_WHEN}))(?:私下)?(?:跟你|和你|对你|向你)?"
    r"(?:说|讲|提|聊|念叨|唠叨|吐槽|抱怨)(?:过|起|到)?"
    r"(?![话天醒前出高供议交课座价明升])(?=\S{2})"
    r"|你(?:记|知道|存|保存|记录)(?:的|着的|住的|下的|下来的)|(?:跟|和|与)(?=(?:他|她|它)们?$)"
    rf"|你们?(?:那|这)(?:边|儿|里)|{ZH_PLEASE}|把|将|关于|有关|对于|至于|那个|这个|那些|这些|那件|这件|那次|这次|那段|这段|那单|这单|那桩|这桩|那场|这场|那回|这回|{ZH_WHEN}"
    r"|就|都|也|给我|帮我|你|再|以后|今后|的)")
ZH_TRAILING = re.compile(
    r"(?:的?(?:所有|全部|一切)?的?(?:(?<![破烂家私往心丑糗出故婚喜丧大小急闲正好坏同公战房])事情?|事儿|信息|资料|记录|内容|东西|数据|记忆)|那件事|这件事|那事儿?|这事儿?|的内容|的信息|的资料|的记录|的东西|相关的?|有关的?|那些|这些|那个|这个|那点|这点|那摊|这摊|的话"
    r"|的所有事情?|的一切|所有|一切|吧|了|啊|呢|呀|哈|嘛|啦|喇|咯|哦|喔|都|也|全|全部|统统|就|你|再|先|暂时|给我|帮我|给|的)$")
# Saying something to get it off one's chest is saying it too ("what I vented about", "the stuff I ranted about").
EN_UNBURDENED = r"vented|ranted|moaned|grumbled|complained|confided|opened up|unloaded|offloaded"
EN_LEADING = re.compile(
    r"^(?:please|just|also|hey|hi|ok|okay|so|oh|um|uh|btw|anyway|well|about|regarding|concerning|on|of|from|the|my|our|that|those|this|these|any|all|all of|"
    r"(?:the )?(?:whole|entire) (?:thing|business|matter|story|episode|saga|mess)(?: about| with)?|"
    r"(?:(?:every|any|some)thing |all )?(?:related|relating|connected) to|(?:every|any|some)thing|whatever|what|"
    r"(?:the |every |each |any )?(?:stuff|things?|bit|part|info|information|details|notes?)"
    r"(?: about| on| of| regarding)?|"
    r"(?:(?:the )?(?:part|bit) )?(?:that|which|where)?\s*(?:I|we)(?:'ve| have)?\s*(?:ever |just |recently |earlier |once )?"
    r"(?:told|said|mentioned|shared|"
    r"said to|talked about|brought up|discussed|raised|wrote|went over|" + EN_UNBURDENED + r")(?: to| with)?(?: you| u| ya)?"
    r"(?: about| regarding| on)?"
    r"|you (?:know|remember|have|stored|saved|kept|learned)(?: about| on| of)?"
    # when it was said: "a few weeks ago", "last month", "the other day"
    r"|(?:a (?:few|couple of) |some |two |three |several )?(?:days?|weeks?|months?) ago|last (?:week|month|time|year)|"
    r"the other day|earlier(?: (?:today|this (?:week|month|year)))?|recently"
    # "… in June concerning X", "… at easter on X": when it was said dates it (when_said), it does not name it
    rf"|(?:back )?(?:in|during|around|before|after|over|at) (?:{EN_MONTH_NAMES}|christmas|xmas|new year|thanksgiving|easter"
    r"|the (?:summer|spring|autumn|fall|winter)(?: holidays| break)?)(?: about| regarding| on| with)?)\s+", re.I)
# When something was said, after a reporting clause ("… that I shared two weeks ago", "… we discussed in April"):
# it dates the message, it does not name it, and a leftover "weeks" or "April" draws in messages that say them.
EN_WHEN_SAID = (rf"(?:back |way back )?(?:(?:in|on|during|around) (?:{EN_MONTH_NAMES}\.?|\d{{4}}|"
                 r"(?:the )?(?:spring|summer|autumn|fall|winter))|(?:last|this|the other) (?:week|month|year|time|day|night|weekend|"
                 r"spring|summer|autumn|fall|winter)|(?:a (?:few|couple of) |some |two |three |several )?(?:days?|weeks?|months?|years?) ago|"
                 r"a while (?:back|ago)|yesterday|earlier|before|recently|back then|once)")
EN_TRAILING = re.compile(r"\s+(?:(?:in|into|from|out of|on) (?:any|your|the|my|this|that|our)?\s*(?:notes?|records?|memory|memories|files?|logs?)\b.*|for good|"
                          r"(?:that |which )?(?:I|we)(?:'ve| have)? (?:ever |just |once )?(?:(?:told|said to|mentioned to|shared with|raised with|"
                          r"brought up with|went over with|discussed with) (?:you|u|ya)(?: about)?|"
                          rf"told|said|mentioned|brought up|discussed|raised|wrote|went over|shared"
                          rf"|(?:{EN_UNBURDENED})(?: to (?:you|u|ya))?(?: about)?)(?: {EN_WHEN_SAID})?"
                          # a date after the subject ("my landlord in May") names nothing; when_said reads it
                          rf"|(?:from |since )?{EN_WHEN_SAID}"
                          r"|stuff|ok|okay|please|pls|plz|thanks|thx|now|completely|entirely|too|as well|forever|"
                          r"around|any longer|again|at all|ever again|right away|anymore|any more)$", re.I)

# What is left when the description is only the user and the quantity of what is kept about them.
SELF = re.compile(r"我自己|我本人|关于我|我的|我|本人|(?i:\b(?:me|myself|i|my|mine|us|our)\b)")
INFO = re.compile(r"一切|所有|全部|全都|任何|东西|信息|数据|记忆|资料|档案|内容|记录|聊天记录|对话|说过的话|的?话|事情?|的|都|关于|有关|"
                   r"(?i:\b(?:everything|anything|all|whole|entire|every|data|info|information|memories|memory|details|stuff|"
                   r"things?|profile|history|records?|personal|conversations?|chats?|about|of|on|you|know|have|ever|told|said)\b)")
# "All of it", said of a subject: every message on it goes, not only the ones the description fits best.
ALL_OF_IT = re.compile(r"全部|所有|一切|统统|通通|全都|(?i:\b(?:everything|all of (?:it|that|this|them)|"
                        r"all (?:the|my|of the) (?:stuff|things|details|messages|notes)|the whole (?:thing|story|business))\b)")
QUANTIFIER = re.compile(r"一切|所有|全部|全都|都|(?i:\b(?:everything|anything|all|whole|entire)\b)")
STORED = re.compile(r"信息|数据|记忆|资料|档案|记录|你记|你知道|你存|(?i:\b(?:data|info|information|memories|profile|history|you know|you remember)\b)")
PRONOUN = re.compile(r"^(?:他|她|它|他们|她们|它们|这事|那事|此事|此|这件事|那件事|这个人|那个人|(?i:him|her|them|he|she|they|it|that|this|these|those|one))$")
# A counted placeholder ("三件事", "以下这些", "a couple of things", "the following"): it points ahead, to the list
# of subjects the message gives after it ("N件事删了：A，B", "drop N things: A, and B").
ZH_COUNT = (r"(?:(?:这|那)?(?:[两二三四五俩仨几]|\d+)(?:件|个|条|样|点)(?:事情?|事儿|东西|内容)?"
            r"|(?:以下|下面)(?:这些|几件|几点|的)?(?:事情?|内容)?)")
EN_COUNT = (r"(?:these |those |the )?(?:two|three|four|five|several|a few|a couple of|couple of|few|\d+)\s+(?:more\s+)?"
            r"(?:things|matters|items|bits|points|details)")
COUNTED = re.compile(rf"^(?:有|把|将|关于)?{ZH_COUNT}$"
                     rf"|^(?i:(?:about |regarding )?{EN_COUNT}|(?:the )?following(?: things| items)?)$")
# The count as the topic of the request, announcing the list after it: "三件事要你清掉：…", "以下几点请删除：…",
# "four items to forget: …", "there are several matters I'd like you to drop: …". Its group is the count itself.
# ("I have two things to throw away: …" is the speaker's own errand, not a request.)
COUNTED_FRAME = re.compile(
    rf"^(?:还有|另外|我这儿|我这里|我)?有?(?P<zh>{ZH_COUNT})(?:要|想|得|需要)?(?:{ZH_PLEASE}|你|帮我|给我|替我)*$"
    r"|^(?i:(?:(?:so|ok|okay|also|and|please|just|right|alright|now|oh)\s*,?\s+)*"
    r"(?:there (?:are|is)\s+|there're\s+|here are\s+)?"
    rf"(?P<en>{EN_COUNT})\s+(?:(?:that|which)\s+)?"
    r"(?:(?:i|we)(?:'d| would)? (?:want|need|like|wish) (?:you|u) to|(?:for (?:you|u) )?to|"
    r"(?:you|u) (?:should|can|could|need to|must)|please))$")
# What joins the items of such a list ("…，还有B", "…, and B"): no part of the item.
LIST_JOINER = re.compile(r"^(?:(?:还有|以及|另外|再就是|再有|和|跟|与|及|(?i:and|also|plus|as well as)\s+))+")
NEUTER = re.compile(r"^(?:它|(?i:it|that|this|these|those))$")
# "don't keep it hot", "don't keep them waiting": a keep verb whose pronoun object takes a complement puts a thing
# or a person in a state; keeping something known is "keep it", "keep it on file" (a place, stripped by then).
KEPT_IN_A_STATE = re.compile(r"(?i)(?:it|them|him|her|me|us)\s+(?!(?:stored|saved|on record)$)\S.*")
# A record verb with the particle "up" or "off" is another verb: "don't save the corrections up" (hold back),
# "don't keep that up", "don't write it off".
_PARTICLE = r"\s+(?:(?:it|them|him|her|me|us|this|that|these|those)\s+)?(?:all\s+)?(?:up|off)\b"
PHRASAL_PARTICLE = re.compile(rf"(?i){_PARTICLE}")
# Words of keeping or removing in another sense (a particle as above, or inside an EMBEDDED_QUESTION), for readers
# that look for the words alone (forget_meaning).
CUE_WORD_IN_ANOTHER_SENSE = re.compile(
    rf"(?i)\b(?:save[sd]?|saving|store[sd]?|storing|keeps?|keeping|kept|holds?|holding|held|log(?:s|ged|ging)?"
    rf"|writes?|writing|wrote|written|note[sd]?|noting){_PARTICLE}|{_ASKS_WHICH_OR_HOW}(?:删|存|留|清|抹|记|丢|扔|撤|去掉)")
KEEP_VERB = re.compile(r"(?i)\b(?:keep|keeping|hold|holding|hang|hanging|retain|retaining|remember|remembering)\b")

# Anaphora: a phrase that points back to something said before it.
ANAPHOR = re.compile(r"(?i:\b(?:that|this|the|all of (?:that|this)|all (?:that|this))\s+(?:whole |entire )?(?:thing|business|matter|"
                      r"story|episode|saga|mess|stuff)\b|\ball (?:of )?(?:that|this|it)\b)"
                      r"|(?:那|这)(?:整件|整个|一整件)?(?:件|些|段|个)?(?:事情?|事儿)")
WHOLE_OF_IT = re.compile(r"(?i:\b(?:whole|entire)\b)|整件|整个")
# A chunk that comments on what was said before it instead of naming it: a predicate with no subject
# ("那是她的私事", "that was a mistake"), or a regret about saying it ("本来不该外传", "I shouldn't have").
COMMENT_START = re.compile(r"^(?:是|就是|都是|这是|那是|这都是|那都是|这些都是|(?i:(?:that|it|this|which)(?:'s|\s+(?:is|was|were))\b))"
                            r"|^(?:我|我真|我也)?(?:本来|其实|真|按说|按理|照理)?(?:不该|不应该|不应|多嘴|嘴快|说多了|说漏嘴|后悔|不小心)"
                            r"|^(?i:(?:on reflection,? |in hindsight,? )?(?:I|we)\s+(?:shouldn't|should not|should never|ought (?:never|not) to|regret|wish I hadn't))"
                            # how the speaker behaved in saying it: "we were being silly", "we're being paranoid"
                            r"|^(?i:(?:I|we)(?:'m|'re| am| are| was| were) being(?:\s+[\w'-]+){1,3}\s*$)")
# A restatement of what was just named, not a comment on it: "就是…的那件" (a clause closed by a demonstrative and a
# measure word), "the one where…", "I mean…". Its inner clause says more precisely what is meant.
APPOSITIVE = re.compile(r"^(?:也)?就是(?:说)?(?P<zh>.+?)的?(?:那|这)(?:件|个|次|些|段|回|桩|档子|阵子)(?:事情?|事儿)?$"
                        r"|^(?i:i mean|that is|i\.e\.?|namely|(?:the|that) (?:one|bit|part|time))\b,?\s*"
                        r"(?:(?:where|when|that|which|about|with)\s+)?(?P<en>.+)$")
META_WORDS = re.compile(r"不该|不应该|不应|不想|不好意思|后悔|说出来|说出去|传出去|外传|外扬|外人|别人|说漏嘴|说了|讲了|其实|本来|按理|按说"
                         r"|算了|反正|总之|对不起|抱歉|唉|哎|我|你"
                         r"|(?i:\b(?:actually|anyway|honestly|sorry|well|ok|okay|hmm|so|also|i|you|shouldn't|should|not|have|"
                         r"like|fully|totally|completely|entirely|properly|literally|seriously|"
                         r"said|told|mentioned|regret|oops|on second thought|never mind)\b)")

# A statement of change, not a request to erase: "you can forget the paper timesheets, we log hours in the app
# now" drops a practice and says what applies instead. It is read so only when the request points at nothing
# said or kept (no memory reference below) and another part of the message says what replaces it.
MEMORY_REFERENCE = re.compile(
    r"说|讲|提|聊|告诉|记(?!账|者|性)|信息|资料|数据|内容|隐私|档案|笔记|底|事|关于|有关|你(?:那|这)(?:边|儿|里)"
    r"|(?i:\b(?:told|said|say|mentioned|shared|talked|know|knows|remember|memory|memories|info|information|data|"
    r"notes?|records?|history|profile|files?|logs?)\b|\b(?:stuff|things?|everything|anything|bits?|parts?|details|"
    r"what)\s+(?:about|on|of|regarding|concerning)\b)")
WHAT_APPLIES_NOW = re.compile(
    r"改(?:成|用|为|到)|换(?:成|用|到)|(?:从|自)(?:现在|今天|明天|下周|下个月|这周|本周)(?:起|开始)|以后(?:就|都)?(?:用|按|改)"
    r"|让我(?:现在)?(?:用|按|改|换)|(?i:\binstead\b|\bfrom now on\b|\bswitch(?:ed|ing)? (?:to|over)\b|"
    r"\b(?:moved|moving|changed|changing) (?:to|over to)\b|\btold (?:me|us) to\b|\b(?:says|said|wants) (?:I|we|me|us) "
    r"(?:should|to|on)\b|\bnow (?:we|I) (?:use|do|go|have)\b)")

# Refusing a record ("don't store", "别写进", "不要存"), as opposed to removing a thing ("drop", "删").
NOT_STORED = re.compile(r"(?i:\b(?:store|storing|save|saving|record|recording|log|logging|note|noting|write|writing|"
                         r"jot|jotting|file|filing|keep|keeping)\b)|存|写进|写到|记进|记到|留")
# A speaker correcting themselves mid-message.
SELF_CORRECTION = re.compile(r"不对|说错|搞错|错了|口误|不是不是|(?i:\bno,? wait\b|\bwait\b|\boops\b|\bmy bad\b|\bI mean\b|"
                              r"\bactually\b|\bsorry\b|\bcorrection\b)")

# Where the assistant keeps it ("从你这儿", "在你那里"): a place, even once the fillers around it are gone.
WITH_YOU = r"(?:从|在)?你(?:这|那)(?:儿|里|边)(?:的)?"
WITH_YOU_ALONE = re.compile(WITH_YOU)
ONLY_A_PLACE = re.compile(rf"{WITH_YOU}|(?:任何|所有|你的|你们的|你那边的|你(?:那边|这边)?(?:的)?内部的?|内部的?|系统|档案|)"
                           r"(?:记录|档案|笔记|备忘录?|本子|文件|资料库|系统|数据库)?(?:里|中|上|里面)?"
                           r"|(?i:(?:in|into|to|on)?\s*(?:any|your|the|my|this|that|our)?\s*(?:notes?|records?|memory|files?|logs?|system|database)(?: at all)?)")
# Calling the assistant by a name ("小暖啊", "hey Sam"): no part of what is to be forgotten.
ADDRESS = re.compile(r"[\u4e00-\u9fff]{1,4}[啊呀哎哈喂呐]|(?i:(?:hey|hi|ok|okay|so|oh|dear)(?:\s+\w+)?|um|uh|btw|anyway|well)")
# A space between two Chinese characters breaks a clause too: dictated text often has no punctuation at all; so does a
# trailing-off ellipsis ("……", "...").
CHUNK_BREAK = re.compile(rf"[，,：:]|…+|\.{{2,}}|\s[—–-]+\s|[—–]+|{NOT_BEFORE_A_TITLE_DOT}\.\s+|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
